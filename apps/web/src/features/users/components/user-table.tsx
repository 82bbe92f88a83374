import { Avatar, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, type Page, type User } from '@voltline/contract';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { USERS_PATH } from '../paths';
import { RoleTags, StatusTag } from './role-tags';
import { UserActions } from './user-actions';

export function UserTable({
  page,
  loading,
  onPage,
}: {
  page: Page<User> | undefined;
  loading: boolean;
  onPage: (index: number) => void;
}) {
  const { t, i18n } = useTranslation('users');
  const { t: tc } = useTranslation('common');

  const columns: TableColumnsType<User> = [
    {
      title: t('fields.name'),
      key: 'name',
      render: (_, u) => (
        <Flex align="center" gap={12}>
          <Avatar style={{ background: '#e6efff', color: '#1d3a8a', flex: 'none' }}>
            {`${u.name.charAt(0)}${u.surname.charAt(0)}`.toUpperCase()}
          </Avatar>
          <Flex vertical style={{ minWidth: 0 }}>
            <Link to={`${USERS_PATH}/detail/${u.id}`}>
              {u.name} {u.surname}
            </Link>
            <Typography.Text type="secondary" ellipsis>
              {u.email}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    { title: t('fields.operator'), dataIndex: 'operatorName', key: 'operator', responsive: ['md'] },
    { title: t('fields.roles'), key: 'roles', render: (_, u) => <RoleTags roles={u.roles} /> },
    {
      title: t('fields.status'),
      key: 'active',
      width: 110,
      render: (_, u) => <StatusTag active={u.active} />,
    },
    {
      title: t('fields.lastLogin'),
      key: 'lastLogin',
      responsive: ['lg'],
      render: (_, u) =>
        u.lastLoginAt ? (
          <bdi>{formatDateTime(u.lastLoginAt)}</bdi>
        ) : (
          <Typography.Text type="secondary">{tc('common.never')}</Typography.Text>
        ),
    },
    { title: '', key: 'actions', width: 140, align: 'end', render: (_, u) => <UserActions user={u} /> },
  ];

  return (
    <Table<User>
      rowKey="id"
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      scroll={{ x: 720 }}
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
        onChange: (p) => onPage(p - 1),
      }}
      data-testid="user-table"
    />
  );
}
