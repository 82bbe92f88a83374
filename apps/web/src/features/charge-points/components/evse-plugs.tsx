import { Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EvsePlug, PlugStatus } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';

const PLUG_COLORS: Record<PlugStatus, string> = {
  Available: 'green',
  Occupied: 'blue',
  Reserved: 'purple',
  Unavailable: 'default',
  Faulted: 'red',
};

/**
 * The plugs of one EVSE as its charger reports them (OCPP 2.0.1), each with its status; since
 * when is in the tooltip. Nothing for an EVSE that is its own single plug (OCPP 1.6).
 */
export function EvsePlugs({ plugs }: { plugs: EvsePlug[] }) {
  const { t, i18n } = useTranslation('chargePoints');
  if (plugs.length === 0) return null;
  return (
    <Flex gap={4} wrap data-testid="evse-plugs">
      {plugs.map((p) => {
        const status = t(`plugStatus.${p.status}`, { defaultValue: p.status });
        return (
          <Tooltip key={p.connectorId} title={<bdi>{formatDateTime(p.statusAt, i18n.language)}</bdi>}>
            <Tag
              color={PLUG_COLORS[p.status as PlugStatus] ?? 'default'}
              style={{ marginInlineEnd: 0 }}
              data-status={p.status}
            >
              {t('connectors.plug', { plug: p.connectorId, status })}
            </Tag>
          </Tooltip>
        );
      })}
    </Flex>
  );
}
