import { Flex, Table, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type Driver, type DriverFilter, type Page } from '@voltline/contract';
import { actionsColumn, useListTableProps } from '../../../components/list-table/columns';
import { OneLine, OneLineLink } from '../../../components/list-table/one-line';
import { useMinWidth } from '../../../hooks/use-min-width';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { formatMoney } from '../../../lib/billing-format';
import { driverDetailPath } from '../paths';
import { DriverActions } from './driver-actions';
import { DriverAvatar } from './driver-avatar';
import { DriverStatusTag } from './driver-status-tag';
import { useListPagination } from '../../../components/list-table/pagination';

type SortBy = NonNullable<DriverFilter['sortBy']>;

export function DriverTable({
  page,
  loading,
  filter,
  onChange,
  rowSelection,
}: {
  page: Page<Driver> | undefined;
  loading: boolean;
  filter: DriverFilter;
  onChange: (index: number, sort: Pick<DriverFilter, 'sortBy' | 'sortOrder'>) => void;
  /** Ticking rows for a bulk action. */
  rowSelection?: TableProps<Driver>['rowSelection'];
}) {
  const { t, i18n } = useTranslation('drivers');
  const { t: tc } = useTranslation('common');
  const wide = useMinWidth(1400);
  const sortOf = (key: SortBy) =>
    filter.sortBy === key ? (filter.sortOrder === 'desc' ? 'descend' : 'ascend') : null;

  const columns: TableColumnsType<Driver> = [
    {
      title: t('fields.name'),
      key: 'name',
      sorter: true,
      sortOrder: sortOf('name'),
      // The only column without a width: it takes what the others leave.
      render: (_, d) => (
        <Flex align="center" gap={10} style={{ minWidth: 0 }}>
          <DriverAvatar name={d.name} surname={d.surname} size={28} />
          <OneLineLink to={driverDetailPath(d.id)}>
            {d.name} {d.surname}
          </OneLineLink>
        </Flex>
      ),
    },
    {
      title: t('fields.contact'),
      key: 'contact',
      width: 210,
      responsive: ['md'],
      render: (_, d) => <OneLine type="secondary">{d.email ?? d.phone ?? '—'}</OneLine>,
    },
    {
      title: t('fields.operator'),
      key: 'operator',
      width: 150,
      responsive: ['lg'],
      render: (_, d) => <OneLine>{d.operatorName}</OneLine>,
    },
    {
      title: t('fields.status'),
      key: 'status',
      width: 130,
      sorter: true,
      sortOrder: sortOf('status'),
      render: (_, d) => <DriverStatusTag status={d.status} />,
    },
    {
      title: t('fields.balance'),
      key: 'balance',
      width: 125,
      align: 'end',
      sorter: true,
      sortOrder: sortOf('balance'),
      render: (_, d) => (
        <Typography.Text type={d.balance < 0 ? 'danger' : undefined} style={{ whiteSpace: 'nowrap' }}>
          <bdi>{formatMoney(d.balance, d.currency, i18n.language)}</bdi>
        </Typography.Text>
      ),
    },
    {
      title: t('fields.cards'),
      key: 'cards',
      width: 80,
      align: 'center',
      render: (_, d) =>
        d.cardCount > 0 ? (
          <Tag icon={<CreditCardOutlined />}>{formatNumber(d.cardCount, i18n.language)}</Tag>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: t('fields.createdAt'),
      key: 'createdAt',
      width: 150,
      sorter: true,
      sortOrder: sortOf('createdAt'),
      render: (_, d) => <bdi>{formatDateTime(d.createdAt, i18n.language)}</bdi>,
      hidden: !wide,
    },
    actionsColumn(tc('common.actions'), 112, (d) => <DriverActions driver={d} />),
  ];

  const handleChange: TableProps<Driver>['onChange'] = (pagination, _filters, sorter, extra) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = s?.order ? (s.columnKey as SortBy) : undefined;
    const sort = key
      ? { sortBy: key, sortOrder: s?.order === 'descend' ? ('desc' as const) : ('asc' as const) }
      : {};
    onChange(extra.action === 'paginate' ? (pagination.current ?? 1) - 1 : 0, sort);
  };

  const tableProps = useListTableProps(columns, rowSelection ? 32 : 0);

  return (
    <Table<Driver>
      rowKey="id"
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      {...tableProps}
      rowSelection={rowSelection}
      onChange={handleChange}
      locale={{ emptyText: t('list.empty') }}
      pagination={useListPagination(page)}
      data-testid="driver-table"
    />
  );
}
