import { Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Page, SecurityEvent } from '@voltline/contract';
import { APP_PREFIX } from '../../config/app';
import { useCan } from '../../hooks/use-permission';
import { formatDateTime } from '../../lib/format';
import { useListTableProps } from '../list-table/columns';
import { OneLine, OneLineLink } from '../list-table/one-line';
import { useListPagination } from '../list-table/pagination';
import './security-events.css';

const detailPath = (id: string) =>
  `${APP_PREFIX}/management/device/detail/${encodeURIComponent(id)}?tab=security`;

/**
 * Security events, newest first, paged by the server. Critical ones (as the security edition marks
 * their type) have a red row and tag; a type the edition does not define reads as the charger sent it.
 */
export function SecurityEventTable({
  page,
  loading,
  onPage,
  showChargePoint = true,
  testId,
}: {
  page: Page<SecurityEvent> | undefined;
  loading: boolean;
  onPage: (index: number) => void;
  showChargePoint?: boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation('security');
  const lng = i18n.language;
  const canSeeChargePoints = useCan('chargePoints:read');

  const columns: TableColumnsType<SecurityEvent> = [
    {
      title: t('columns.time'),
      key: 'time',
      width: 150,
      render: (_, e) => <bdi>{formatDateTime(e.timestamp, lng)}</bdi>,
    },
    {
      title: t('columns.chargePoint'),
      key: 'chargePoint',
      width: 150,
      hidden: !showChargePoint,
      render: (_, e) =>
        canSeeChargePoints ? (
          <OneLineLink to={detailPath(e.chargePointId)} title={e.chargePointName}>
            {e.chargePointId}
          </OneLineLink>
        ) : (
          <OneLine>{e.chargePointId}</OneLine>
        ),
    },
    {
      title: t('columns.event'),
      key: 'event',
      render: (_, e) => <OneLine>{t(`eventTypes.${e.type}`, { defaultValue: e.type })}</OneLine>,
    },
    {
      title: t('columns.severity'),
      key: 'severity',
      width: 110,
      render: (_, e) =>
        e.critical ? (
          <Tag color="red" data-testid="security-critical">
            {t('critical')}
          </Tag>
        ) : (
          <Tag bordered={false}>{t('notCritical')}</Tag>
        ),
    },
    {
      title: t('columns.techInfo'),
      key: 'techInfo',
      responsive: ['md'],
      render: (_, e) => <OneLine>{e.techInfo ?? '—'}</OneLine>,
    },
    {
      title: t('columns.received'),
      key: 'received',
      width: 150,
      responsive: ['xl'],
      render: (_, e) => <bdi>{formatDateTime(e.receivedAt, lng)}</bdi>,
    },
  ];
  const tableProps = useListTableProps(columns);

  return (
    <Table<SecurityEvent>
      rowKey="id"
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      {...tableProps}
      rowClassName={(e) => (e.critical ? 'vl-security-critical' : '')}
      locale={{ emptyText: t('empty') }}
      pagination={useListPagination(page, onPage, { hideOnSinglePage: true })}
      data-testid={testId}
    />
  );
}
