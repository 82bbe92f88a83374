import { Card, Descriptions, Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChargePoint } from '@voltline/contract';
import { countryName, formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { useChargingProfiles } from '../api/get-profiles';
import { AlertsCard } from './alerts-card';
import { ChargerLimitsCard } from './charger-limits-card';
import { ProtocolTag } from './protocol-tag';
import { RoamingCard } from './roaming-card';
import { RegistrationTag } from './status-tags';

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);

export function InfoTab({ cp }: { cp: ChargePoint }) {
  const { t, i18n } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  const profiles = useChargingProfiles(cp.chargePointId);
  const power = (v: number | null) =>
    v === null ? '—' : `${formatNumber(v, i18n.language)} ${cp.powerUnit}`;
  // Connection times to the second: a reboot comes back within the same minute.
  const when = (v: string | null) =>
    v ? <bdi>{formatDate(v, 'dateTimeSeconds', i18n.language)}</bdi> : tc('common.never');
  const address = [
    cp.addressLine1,
    cp.addressLine2,
    [cp.zipCode, cp.city].filter(Boolean).join(' '),
    countryName(cp.countryCode, i18n.language),
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <>
      <Descriptions
        column={{ xs: 1, md: 2, xl: 3 }}
        bordered
        size="middle"
        data-testid="cp-info"
        style={{ marginBottom: 16 }}
      >
        <Descriptions.Item label={t('fields.operator')}>{cp.operatorName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.registration')}>
          <RegistrationTag status={cp.registrationStatus} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.brandModel')}>
          {[cp.brand, cp.model].filter(Boolean).join(' · ') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.vendor')}>{dash(cp.vendor)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.serialNumber')}>{dash(cp.serialNumber)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.firmwareVersion')}>{dash(cp.firmwareVersion)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.ocppProtocol')}>
          <ProtocolTag protocol={cp.ocppProtocol} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.iccid')}>{dash(cp.iccid)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.imsi')}>{dash(cp.imsi)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.activationDate')}>
          {cp.activationDate ? formatDate(cp.activationDate, 'date', i18n.language) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.power')}>
          {power(cp.minPower)} – {power(cp.maxPower)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.hours')}>
          {cp.openingTime && cp.closingTime
            ? `${cp.openingTime} – ${cp.closingTime}`
            : t('fields.alwaysOpen')}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.address')}>{address || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.coordinates')}>
          {cp.latitude !== null && cp.longitude !== null ? (
            <bdi>{`${cp.latitude}, ${cp.longitude}`}</bdi>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.contact')}>
          {[cp.contactName, cp.contactPhone, cp.contactEmail].filter(Boolean).join(' · ') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.lastBoot')}>
          <span data-testid="cp-last-boot">{when(cp.lastBootAt)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.lastHeartbeat')}>{when(cp.lastHeartbeatAt)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.lastConnected')}>{when(cp.lastConnectedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.lastDisconnected')}>
          {when(cp.lastDisconnectedAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(cp.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Card title={t('profiles.title')} size="small">
        <Table
          rowKey="id"
          size="small"
          loading={profiles.isPending}
          dataSource={profiles.data}
          pagination={false}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profiles.empty')} />,
          }}
          columns={[
            { title: t('fields.connector'), dataIndex: 'connectorId', key: 'c', width: 100 },
            { title: t('profiles.id'), dataIndex: 'profileId', key: 'p', width: 100 },
            {
              title: t('profiles.purpose'),
              dataIndex: 'purpose',
              key: 'purpose',
              render: (v: string) => <Tag>{v}</Tag>,
            },
            { title: t('profiles.kind'), dataIndex: 'kind', key: 'kind' },
            { title: t('profiles.stackLevel'), dataIndex: 'stackLevel', key: 'stack', width: 110 },
            { title: t('profiles.unit'), dataIndex: 'chargingRateUnit', key: 'unit', width: 90 },
            {
              title: t('fields.createdAt'),
              dataIndex: 'createdAt',
              key: 'at',
              render: (v: string) => <Typography.Text>{formatDateTime(v)}</Typography.Text>,
            },
          ]}
        />
      </Card>
      <AlertsCard chargePointId={cp.chargePointId} />
      <ChargerLimitsCard cp={cp} />
      <RoamingCard id={cp.id} />
    </>
  );
}
