import { Alert, Descriptions, Drawer, Empty, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoamingModule, RoamingPartner, RoamingPartyRole } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';
import { usePartner } from '../api/get-partner';
import { partyOf } from '../partner-words';
import { LastExchange } from './last-exchange';
import { HubClients } from './hub-clients';
import { PartnerActions } from './partner-actions';
import { PartnerAuthorizations } from './partner-authorizations';
import { PartnerErrors } from './partner-errors';
import { PublicationForm } from './publication-form';
import { PartnerStateTag } from './partner-state-tag';
import { PartnerTokens } from './partner-tokens';

/** One partner: its parties, version and modules, what it is shown, its errors and its actions. */
export function PartnerDrawer({
  partnerId,
  canWrite,
  onClose,
}: {
  partnerId: number | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('roaming');
  const partner = usePartner(partnerId);
  const p = partner.data;
  return (
    <Drawer
      open={partnerId !== null}
      onClose={onClose}
      size="large"
      title={p?.name ?? t('drawer.title')}
      extra={p && canWrite && <PartnerActions partner={p} />}
      destroyOnHidden
      data-testid="roaming-drawer"
    >
      {partner.isLoading ? (
        <Skeleton active />
      ) : partner.isError || !p ? (
        <Alert type="error" showIcon title={t('drawer.failed')} />
      ) : (
        <PartnerDetails partner={p} canWrite={canWrite} />
      )}
    </Drawer>
  );
}

function PartnerDetails({ partner: p, canWrite }: { partner: RoamingPartner; canWrite: boolean }) {
  const { t } = useTranslation('roaming');
  const none = <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <>
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 24 }}>
        <Descriptions.Item label={t('fields.state')}>
          <PartnerStateTag partner={p} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.direction')}>{t(`direction.${p.direction}`)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.party')}>{partyOf(p) ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('fields.operator')}>{p.operatorName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.version')}>{p.version ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('fields.versionsUrl')}>
          {p.versionsUrl ? <Typography.Text copyable>{p.versionsUrl}</Typography.Text> : none}
        </Descriptions.Item>
        {p.state === 'invited' && (
          <Descriptions.Item label={t('fields.tokenAExpiresAt')}>
            {p.tokenAExpiresAt ? formatDateTime(p.tokenAExpiresAt) : none}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('fields.lastSuccess')}>
          <LastExchange at={p.lastSuccessAt} />
        </Descriptions.Item>
      </Descriptions>

      <Typography.Title level={5}>{t('drawer.roles')}</Typography.Title>
      <Table<RoamingPartyRole>
        size="small"
        style={{ marginBottom: 24 }}
        rowKey={(r) => `${r.countryCode}-${r.partyId}-${r.role}`}
        dataSource={p.roles}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.noRoles')} />,
        }}
        columns={[
          { title: t('fields.party'), key: 'party', render: (_, r) => `${r.countryCode}-${r.partyId}` },
          { title: t('fields.role'), key: 'role', render: (_, r) => t(`roles.${r.role}`) },
          { title: t('fields.name'), key: 'name', render: (_, r) => r.name ?? '—' },
          {
            title: t('fields.website'),
            key: 'website',
            render: (_, r) =>
              r.website ? (
                <Typography.Link href={r.website} target="_blank" rel="noreferrer">
                  {r.website}
                </Typography.Link>
              ) : (
                '—'
              ),
          },
        ]}
      />

      <Typography.Title level={5}>{t('drawer.modules')}</Typography.Title>
      <Table<RoamingModule>
        size="small"
        style={{ marginBottom: 24 }}
        rowKey={(m) => `${m.identifier}-${m.role ?? ''}`}
        dataSource={p.modules}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.noModules')} />,
        }}
        columns={[
          { title: t('fields.module'), key: 'identifier', dataIndex: 'identifier', width: 140 },
          { title: t('fields.role'), key: 'role', width: 110, render: (_, m) => m.role ?? '—' },
          {
            title: t('fields.url'),
            key: 'url',
            render: (_, m) => <Typography.Text style={{ wordBreak: 'break-all' }}>{m.url}</Typography.Text>,
          },
        ]}
      />

      <HubClients partner={p} />

      <PartnerTokens partner={p} canWrite={canWrite} />
      <PartnerAuthorizations partnerId={p.id} />

      <Typography.Title level={5}>{t('drawer.publication')}</Typography.Title>
      <PublicationForm partner={p} canWrite={canWrite} />

      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('drawer.errors')}
      </Typography.Title>
      <PartnerErrors partner={p} />
    </>
  );
}
