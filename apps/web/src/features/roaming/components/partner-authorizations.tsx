import { Alert, Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoamingAuthorization } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';
import { usePartnerAuthorizations } from '../api/partner-tokens';
import { knownKey, verdictColor } from '../authorization-words';

/**
 * The last answers given at chargers about the partner's tokens: where each came from, what the
 * eMSP answered and what the charger was told, so staff can say why a driver's card was refused.
 */
export function PartnerAuthorizations({ partnerId }: { partnerId: number }) {
  const { t } = useTranslation('roaming');
  const list = usePartnerAuthorizations(partnerId);
  const words = (group: 'source' | 'allowed' | 'verdict', code: string) => {
    const key = knownKey(group, code);
    return key ? t(key) : code;
  };
  return (
    <section data-testid="roaming-authorizations" style={{ marginBottom: 24 }}>
      <Typography.Title level={5}>{t('authorizations.title')}</Typography.Title>
      {list.isError ? (
        <Alert type="error" showIcon title={t('authorizations.failed')} />
      ) : (
        <Table<RoamingAuthorization>
          size="small"
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          scroll={{ x: true }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('authorizations.none')} />,
          }}
          columns={[
            { title: t('authorizations.at'), key: 'at', render: (_, a) => formatDateTime(a.at) },
            {
              title: t('authorizations.token'),
              key: 'token',
              render: (_, a) => <Typography.Text code>{a.tokenUid}</Typography.Text>,
            },
            {
              title: t('authorizations.chargePoint'),
              key: 'chargePoint',
              render: (_, a) => (
                <>
                  <span>{a.chargePointName ?? `#${a.chargePointId}`}</span>
                  {a.chargePointIdentity && (
                    <Typography.Text type="secondary" style={{ display: 'block' }}>
                      {a.chargePointIdentity}
                    </Typography.Text>
                  )}
                </>
              ),
            },
            {
              title: t('authorizations.source.title'),
              key: 'source',
              render: (_, a) => words('source', a.source),
            },
            {
              title: t('authorizations.answer'),
              key: 'allowed',
              render: (_, a) => (
                <span data-testid={`roaming-authorization-answer-${a.id}`}>
                  {words('allowed', a.allowed)}
                  {a.info && (
                    <Typography.Text type="secondary" style={{ display: 'block' }}>
                      {a.info}
                    </Typography.Text>
                  )}
                </span>
              ),
            },
            {
              title: t('authorizations.verdict.title'),
              key: 'verdict',
              render: (_, a) => (
                <Tag color={verdictColor(a.verdict)} data-testid={`roaming-authorization-verdict-${a.id}`}>
                  {words('verdict', a.verdict)}
                </Tag>
              ),
            },
            {
              title: t('authorizations.session'),
              key: 'session',
              render: (_, a) => (a.sessionId === null ? '—' : `#${a.sessionId}`),
            },
          ]}
        />
      )}
    </section>
  );
}
