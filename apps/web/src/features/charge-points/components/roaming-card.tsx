import { Alert, Card, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChargePointPublication, RoamingPartnerState } from '@voltline/contract';
import { APP_PREFIX } from '../../../config/app';
import { useCan } from '../../../hooks/use-permission';
import { useChargePointPublication } from '../api/get-publication';

type Partner = ChargePointPublication['partners'][number];

/** The Roaming screen (features/roaming/paths.ts; a feature does not import another). */
const ROAMING_PATH = `${APP_PREFIX}/integrations/roaming`;

/** Only a working partnership is green. */
const STATE_COLORS: Record<RoamingPartnerState, string> = {
  invited: 'processing',
  registered: 'success',
  unregistered: 'default',
};

/**
 * Whether the charge point is published and to whom (issue #31): the roaming partners its operator
 * (or one above it) is published to, open data (AFIR), and what keeps the charge point itself from
 * being published. The Roaming screen, for those who read it, is where publication is chosen.
 */
export function RoamingCard({ id }: { id: number }) {
  const { t } = useTranslation('chargePoints');
  const canRoaming = useCan('roaming:read');
  const publication = useChargePointPublication(id);
  const data = publication.data;

  return (
    <Card
      title={t('roaming.title')}
      size="small"
      style={{ marginTop: 16 }}
      data-testid="cp-roaming"
      extra={
        canRoaming ? (
          <Link to={ROAMING_PATH} data-testid="cp-roaming-link">
            {t('roaming.manage')}
          </Link>
        ) : null
      }
    >
      {data && (
        <Flex vertical gap={12} style={{ marginBottom: 12 }}>
          <Typography.Text data-testid="cp-roaming-open-data">
            {t('roaming.openData')}:{' '}
            <Tag color={data.openData ? 'success' : 'default'}>
              {data.openData ? t('roaming.published') : t('roaming.notPublished')}
            </Tag>
          </Typography.Text>
          {data.missing.length > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="cp-roaming-missing"
              title={t('roaming.missingTitle')}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {data.missing.map((reason) => (
                    <li key={reason}>{t(`roaming.missing.${reason}`)}</li>
                  ))}
                </ul>
              }
            />
          )}
        </Flex>
      )}
      <Table<Partner>
        rowKey="id"
        size="small"
        loading={publication.isPending}
        dataSource={data?.partners}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roaming.empty')} />,
        }}
        columns={[
          { title: t('roaming.partner'), dataIndex: 'name', key: 'name' },
          {
            title: t('roaming.party'),
            key: 'party',
            render: (_, p) =>
              p.countryCode && p.partyId ? <bdi>{`${p.countryCode}-${p.partyId}`}</bdi> : '—',
          },
          {
            title: t('roaming.state'),
            dataIndex: 'state',
            key: 'state',
            render: (state: RoamingPartnerState, p) => (
              <Tag color={STATE_COLORS[state]} data-testid={`cp-roaming-state-${p.id}`}>
                {t(`roaming.states.${state}`)}
              </Tag>
            ),
          },
          {
            title: t('roaming.tariff'),
            dataIndex: 'tariffName',
            key: 'tariff',
            render: (v: string | null) => v ?? t('roaming.connectorTariffs'),
          },
        ]}
      />
    </Card>
  );
}
