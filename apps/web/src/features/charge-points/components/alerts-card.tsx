import { Card, Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Alert, AlertState } from '@voltline/contract';
import { APP_PREFIX } from '../../../config/app';
import { useCan } from '../../../hooks/use-permission';
import { formatDateTime } from '../../../lib/format';
import { useOpenAlerts } from '../api/get-open-alerts';

/** The Alerts screen (features/alerts/paths.ts; a feature does not import another). */
const ALERTS_PATH = `${APP_PREFIX}/alerts`;

/** As the Alerts screen colours them: open red, acknowledged orange. */
const STATE_COLORS: Partial<Record<AlertState, string>> = { open: 'red', acknowledged: 'orange' };

/**
 * The charge point's alerts that are not resolved (issue #33), for those who may read alerts: what
 * is wrong with it now, since when, who has it in hand, each linked to its alert, where staff
 * acknowledge, comment and resolve it. An alert grouping several chargers says how many.
 */
export function AlertsCard({ chargePointId }: { chargePointId: string }) {
  const { t } = useTranslation(['chargePoints', 'alerts']);
  const allowed = useCan('alerts:read');
  const alerts = useOpenAlerts(chargePointId, allowed);
  if (!allowed) return null;
  const open = alerts.data?.filter((a) => a.state === 'open').length ?? 0;

  return (
    <Card
      title={
        <>
          {t('chargePoints:alerts.title')}{' '}
          {open > 0 && (
            <Tag color="red" data-testid="cp-alerts-open-count">
              {t('chargePoints:alerts.openCount', { count: open })}
            </Tag>
          )}
        </>
      }
      size="small"
      style={{ marginTop: 16 }}
      data-testid="cp-alerts"
      extra={
        <Link to={`${ALERTS_PATH}?state=all&chargePointId=${encodeURIComponent(chargePointId)}`}>
          {t('chargePoints:alerts.all')}
        </Link>
      }
    >
      <Table<Alert>
        rowKey="id"
        size="small"
        loading={alerts.isPending}
        dataSource={alerts.data}
        pagination={false}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chargePoints:alerts.empty')} />
          ),
        }}
        columns={[
          {
            title: t('alerts:fields.alert'),
            key: 'kind',
            render: (_, a) => (
              <Link to={`${ALERTS_PATH}/${a.id}`} data-testid={`cp-alert-${a.id}`}>
                {t(`alerts:kinds.${a.kind}`)}
              </Link>
            ),
          },
          {
            title: t('alerts:fields.state'),
            dataIndex: 'state',
            key: 'state',
            render: (state: AlertState) => (
              <Tag color={STATE_COLORS[state]}>{t(`alerts:state.${state}`)}</Tag>
            ),
          },
          {
            title: t('alerts:fields.raisedAt'),
            dataIndex: 'raisedAt',
            key: 'raisedAt',
            render: (v: string) => <Typography.Text>{formatDateTime(v)}</Typography.Text>,
          },
          {
            title: t('alerts:fields.assignee'),
            dataIndex: 'assignedToName',
            key: 'assignee',
            render: (v: string | null) => v ?? '—',
          },
          {
            title: t('alerts:fields.chargers'),
            dataIndex: 'subjectCount',
            key: 'chargers',
            render: (n: number) =>
              n > 1 ? t('chargePoints:alerts.grouped', { count: n }) : t('chargePoints:alerts.single'),
          },
        ]}
      />
    </Card>
  );
}
