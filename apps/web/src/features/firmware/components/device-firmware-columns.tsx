import { Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { DeviceFirmware } from '@voltline/contract';
import { OneLine } from '../../../components/list-table/one-line';
import { formatDateTime } from '../../../lib/format';
import { campaignPath } from '../paths';
import { ConnectionTag, TargetStateTag } from './tags';

/** A charger's firmware columns, shared by the device firmware screen and the charger picker. */
export function deviceFirmwareColumns(
  t: TFunction<'firmware'>,
  lng: string,
  { withStatus }: { withStatus: boolean },
): TableColumnsType<DeviceFirmware> {
  const none = <Typography.Text type="secondary">—</Typography.Text>;
  return [
    {
      title: t('fields.chargePoint'),
      key: 'chargePoint',
      render: (_, d) => (
        <OneLine>
          <bdi>{d.chargePointId}</bdi>
          {d.name !== d.chargePointId && <Typography.Text type="secondary"> · {d.name}</Typography.Text>}
        </OneLine>
      ),
    },
    {
      title: t('fields.operator'),
      key: 'operator',
      width: 140,
      responsive: ['lg'],
      render: (_, d) => <OneLine>{d.operatorName}</OneLine>,
    },
    {
      title: t('fields.brandModel'),
      key: 'brand',
      width: 160,
      render: (_, d) => <OneLine>{[d.brand, d.model].filter(Boolean).join(' · ') || '—'}</OneLine>,
    },
    {
      title: t('fields.firmwareVersion'),
      key: 'firmwareVersion',
      width: 120,
      render: (_, d) => (d.firmwareVersion ? <OneLine>{d.firmwareVersion}</OneLine> : none),
    },
    {
      title: t('fields.connection'),
      key: 'connection',
      width: 130,
      render: (_, d) => <ConnectionTag connected={d.connected} />,
    },
    {
      title: t('fields.firmwareStatus'),
      key: 'firmwareStatus',
      width: 210,
      hidden: !withStatus,
      render: (_, d) =>
        d.firmwareStatus ? (
          <OneLine>
            {t(`ocppStatus.${d.firmwareStatus}`, { defaultValue: d.firmwareStatus })}
            {d.firmwareStatusAt && (
              <Typography.Text type="secondary"> · {formatDateTime(d.firmwareStatusAt, lng)}</Typography.Text>
            )}
          </OneLine>
        ) : (
          none
        ),
    },
    {
      title: t('fields.lastCampaign'),
      key: 'lastCampaign',
      width: 170,
      hidden: !withStatus,
      render: (_, d) =>
        d.lastCampaignId !== null && d.lastCampaignState ? (
          <Link
            to={campaignPath(d.lastCampaignId)}
            aria-label={t('list.openCampaign', { id: d.lastCampaignId })}
          >
            <TargetStateTag state={d.lastCampaignState} />
          </Link>
        ) : (
          none
        ),
    },
  ];
}
