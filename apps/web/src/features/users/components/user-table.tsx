import { Avatar, Flex, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Page, type User } from '@voltline/contract';
import { actionsColumn, useListTableProps } from '../../../components/list-table/columns';
import { OneLine, OneLineLink } from '../../../components/list-table/one-line';
import { useMinWidth } from '../../../hooks/use-min-width';
import { formatDateTime } from '../../../lib/format';
import { USERS_PATH } from '../paths';
import { RoleTags, StatusTag } from './role-tags';
import { UserActions } from './user-actions';
import { useListPagination } from '../../../components/list-table/pagination';

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
  const wide = useMinWidth(1400);

  const columns: TableColumnsType<User> = [
    {
      title: t('fields.name'),
      key: 'name',
      // The only column without a width: it takes what the others leave.
      render: (_, u) => (
        <Flex align="center" gap={10} style={{ minWidth: 0 }}>
          <Avatar size={28} style={{ background: '#e6efff', color: '#1d3a8a', flex: 'none', fontSize: 12 }}>
            {`${u.name.charAt(0)}${u.surname.charAt(0)}`.toUpperCase()}
          </Avatar>
          <OneLineLink to={`${USERS_PATH}/detail/${u.id}`}>
            {u.name} {u.surname}
          </OneLineLink>
        </Flex>
      ),
    },
    {
      title: t('fields.email'),
      key: 'email',
      width: 220,
      responsive: ['md'],
      render: (_, u) => <OneLine type="secondary">{u.email}</OneLine>,
    },
    {
      title: t('fields.operator'),
      key: 'operator',
      width: 150,
      responsive: ['lg'],
      render: (_, u) => <OneLine>{u.operatorName}</OneLine>,
    },
    {
      title: t('fields.roles'),
      key: 'roles',
      width: 190,
      ellipsis: true,
      // Several roles may not fit: the tooltip names them all.
      render: (_, u) => (
        <Tooltip title={u.roles.length > 1 ? u.roles.map((r) => tc(`roles.${r}`)).join(', ') : undefined}>
          <span>
            <RoleTags roles={u.roles} />
          </span>
        </Tooltip>
      ),
    },
    {
      title: t('fields.status'),
      key: 'active',
      width: 110,
      render: (_, u) => <StatusTag active={u.active} />,
    },
    {
      title: t('fields.lastLogin'),
      key: 'lastLogin',
      width: 150,
      render: (_, u) =>
        u.lastLoginAt ? (
          <bdi>{formatDateTime(u.lastLoginAt, i18n.language)}</bdi>
        ) : (
          <Typography.Text type="secondary">{tc('common.never')}</Typography.Text>
        ),
      hidden: !wide,
    },
    actionsColumn(tc('common.actions'), 112, (u) => <UserActions user={u} />),
  ];

  const tableProps = useListTableProps(columns);

  return (
    <Table<User>
      rowKey="id"
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      {...tableProps}
      pagination={useListPagination(page, onPage)}
      data-testid="user-table"
    />
  );
}
