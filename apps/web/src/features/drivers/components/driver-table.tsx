import { Flex, Table, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, type Driver, type DriverFilter, type Page } from '@voltline/contract';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { formatMoney } from '../money';
import { driverDetailPath } from '../paths';
import { DriverActions } from './driver-actions';
import { DriverAvatar } from './driver-avatar';
import { DriverStatusTag } from './driver-status-tag';

type SortBy = NonNullable<DriverFilter['sortBy']>;

export function DriverTable({
  page,
  loading,
  filter,
  onChange,
}: {
  page: Page<Driver> | undefined;
  loading: boolean;
  filter: DriverFilter;
  onChange: (index: number, sort: Pick<DriverFilter, 'sortBy' | 'sortOrder'>) => void;
}) {
  const { t, i18n } = useTranslation('drivers');
  const { t: tc } = useTranslation('common');
  const sortOf = (key: SortBy) =>
    filter.sortBy === key ? (filter.sortOrder === 'desc' ? 'descend' : 'ascend') : null;

  const columns: TableColumnsType<Driver> = [
    {
      title: t('fields.name'),
      key: 'name',
      sorter: true,
      sortOrder: sortOf('name'),
      render: (_, d) => (
        <Flex align="center" gap={12}>
          <DriverAvatar name={d.name} surname={d.surname} />
          <Flex vertical style={{ minWidth: 0 }}>
            <Link to={driverDetailPath(d.id)}>
              {d.name} {d.surname}
            </Link>
            <Typography.Text type="secondary" ellipsis>
              {d.email ?? d.phone ?? '—'}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    { title: t('fields.operator'), dataIndex: 'operatorName', key: 'operator', responsive: ['md'] },
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
      width: 90,
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
      responsive: ['lg'],
      sorter: true,
      sortOrder: sortOf('createdAt'),
      render: (_, d) => <bdi>{formatDateTime(d.createdAt)}</bdi>,
    },
    { title: '', key: 'actions', width: 140, align: 'end', render: (_, d) => <DriverActions driver={d} /> },
  ];

  const handleChange: TableProps<Driver>['onChange'] = (pagination, _filters, sorter, extra) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = s?.order ? (s.columnKey as SortBy) : undefined;
    const sort = key
      ? { sortBy: key, sortOrder: s?.order === 'descend' ? ('desc' as const) : ('asc' as const) }
      : {};
    onChange(extra.action === 'paginate' ? (pagination.current ?? 1) - 1 : 0, sort);
  };

  return (
    <Table<Driver>
      rowKey="id"
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      scroll={{ x: 860 }}
      onChange={handleChange}
      locale={{ emptyText: t('list.empty') }}
      pagination={{
        current: (page?.index ?? 0) + 1,
        pageSize: PAGE_SIZE,
        total: page?.total ?? 0,
        showSizeChanger: false,
        showTotal: (total, [from, to]) => (
          <bdi>
            {tc('common.total', {
              range: `${formatNumber(from, i18n.language)}–${formatNumber(to, i18n.language)}`,
              total: formatNumber(total, i18n.language),
            })}
          </bdi>
        ),
      }}
      data-testid="driver-table"
    />
  );
}
