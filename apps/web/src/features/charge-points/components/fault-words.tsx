import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChargePoint, ChargePointState, ChargerFault } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';
import { errorCodeWords, faultWords } from '../../../lib/ocpp-words';

const STATE_COLORS: Record<ChargePointState, string> = {
  offline: 'default',
  faulted: 'red',
  partlyFaulted: 'volcano',
  charging: 'blue',
  available: 'green',
};

/** The vendor's own code, with whose it is when the charger said. */
function useVendorCode() {
  const { t } = useTranslation('chargePoints');
  return (f: Pick<ChargerFault, 'vendorId' | 'vendorErrorCode'>) =>
    f.vendorErrorCode
      ? f.vendorId
        ? t('faults.vendorCodeOf', { code: f.vendorErrorCode, vendor: f.vendorId })
        : t('faults.vendorCode', { code: f.vendorErrorCode })
      : null;
}

/**
 * A charge point's state summed up from its connectors. Faulted ones name each fault in the
 * tooltip, so the list says why without opening the charger.
 */
export function ChargePointStateTag({ cp }: { cp: Pick<ChargePoint, 'state' | 'fault' | 'connectors'> }) {
  const { t } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  const vendorCode = useVendorCode();
  const faults = [
    ...(cp.fault ? [{ connectorId: 0, fault: cp.fault }] : []),
    ...cp.connectors.flatMap((c) =>
      !c.archived && c.fault ? [{ connectorId: c.connectorId, fault: c.fault }] : [],
    ),
  ];
  const tag = (
    <Tag color={STATE_COLORS[cp.state]} data-state={cp.state} data-testid="cp-state">
      {t(`faults.state.${cp.state}`)}
    </Tag>
  );
  if (faults.length === 0) return tag;
  const lines = faults.map(({ connectorId, fault }) =>
    [
      faultWords(tc, { connectorId, errorCode: fault.errorCode }),
      fault.info,
      vendorCode(fault),
      t('faults.since', { time: formatDateTime(fault.since) }),
    ]
      .filter(Boolean)
      .join(' · '),
  );
  return (
    <Tooltip
      title={
        <Flex vertical>
          {lines.map((l) => (
            <span key={l}>{l}</span>
          ))}
        </Flex>
      }
    >
      {tag}
    </Tooltip>
  );
}

/** A connector's fault in words: the code, the charger's text, the vendor code, since when. */
export function FaultDetails({ fault }: { fault: ChargerFault }) {
  const { t } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  const vendorCode = useVendorCode();
  const code = vendorCode(fault);
  return (
    <Flex vertical gap={0} data-testid="connector-fault">
      <Typography.Text type="danger" strong>
        {errorCodeWords(tc, fault.errorCode)}
      </Typography.Text>
      {fault.info && (
        <Typography.Text>
          {t('faults.chargerSays')} <bdi>{fault.info}</bdi>
        </Typography.Text>
      )}
      {code && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <bdi>{code}</bdi>
        </Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('faults.since', { time: formatDateTime(fault.since) })}
      </Typography.Text>
    </Flex>
  );
}
