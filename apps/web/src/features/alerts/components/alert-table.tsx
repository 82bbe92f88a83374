import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Alert, Page } from '@voltline/contract';
import { useListPagination } from '../../../components/list-table/pagination';
import { formatDateTime } from '../../../lib/format';
import { alertPath } from '../paths';
import { AlertChargers } from './alert-chargers';
import { AlertStateTag } from './alert-state-tag';

/** Alerts newest first: kind in words, operator, chargers held, raised at, state and assignee. */
export function AlertTable({
  page,
  loading,
  onPage,
}: {
  page: Page<Alert> | undefined;
  loading: boolean;
  onPage: (index: number) => void;
}) {
  const { t } = useTranslation('alerts');
  const pagination = useListPagination(page, onPage);

  const columns: TableColumnsType<Alert> = [
    {
      title: t('fields.alert'),
      key: 'kind',
      render: (_, a) => (
        <Link to={alertPath(a.id)} data-testid={`alert-link-${a.id}`}>
          {t(`kinds.${a.kind}`)}
        </Link>
      ),
    },
    { title: t('fields.operator'), key: 'operator', responsive: ['md'], render: (_, a) => a.operatorName },
    {
      title: t('fields.chargers'),
      key: 'chargers',
      align: 'end',
      width: 110,
      render: (_, a) => <span data-testid="alert-charger-count">{a.subjectCount}</span>,
    },
    { title: t('fields.raisedAt'), key: 'raisedAt', render: (_, a) => formatDateTime(a.raisedAt) },
    { title: t('fields.state'), key: 'state', render: (_, a) => <AlertStateTag alert={a} /> },
    {
      title: t('fields.assignee'),
      key: 'assignee',
      responsive: ['lg'],
      render: (_, a) =>
        a.assignedToName ?? <Typography.Text type="secondary">{t('detail.unassigned')}</Typography.Text>,
    },
  ];

  return (
    <Table<Alert>
      rowKey="id"
      columns={columns}
      dataSource={page?.items ?? []}
      loading={loading}
      pagination={pagination}
      locale={{ emptyText: t('list.empty') }}
      expandable={{ expandedRowRender: (a) => <AlertChargers id={a.id} /> }}
      data-testid="alerts-table"
    />
  );
}
