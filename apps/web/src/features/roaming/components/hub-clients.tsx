import { Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoamingHubClient, RoamingPartner } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';

const COLORS: Record<RoamingHubClient['status'], string> = {
  CONNECTED: 'green',
  OFFLINE: 'red',
  PLANNED: 'blue',
  SUSPENDED: 'orange',
};

/** A hub's connected parties, as the hub last reported them (OCPI hubclientinfo). */
export function HubClients({ partner }: { partner: RoamingPartner }) {
  const { t } = useTranslation('roaming');
  if (partner.role !== 'HUB' && partner.hubClients.length === 0) return null;
  return (
    <>
      <Typography.Title level={5}>{t('drawer.hubClients')}</Typography.Title>
      <Table<RoamingHubClient>
        size="small"
        style={{ marginBottom: 24 }}
        rowKey={(c) => `${c.countryCode}-${c.partyId}`}
        dataSource={partner.hubClients}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.noHubClients')} />,
        }}
        columns={[
          { title: t('fields.party'), key: 'party', render: (_, c) => `${c.countryCode}-${c.partyId}` },
          { title: t('fields.role'), key: 'role', render: (_, c) => t(`roles.${c.role}`) },
          {
            title: t('fields.connection'),
            key: 'status',
            render: (_, c) => <Tag color={COLORS[c.status]}>{t(`hubStatus.${c.status}`)}</Tag>,
          },
          { title: t('fields.reportedAt'), key: 'at', render: (_, c) => formatDateTime(c.lastUpdated) },
        ]}
      />
    </>
  );
}
