import { Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HiddenTitle } from '../list-table/hidden-title';
import { type AuditLog, type Page } from '@voltline/contract';
import { useListTableProps } from '../list-table/columns';
import { OneLine } from '../list-table/one-line';
import { usePermissions } from '../../hooks/use-permission';
import { formatDateTime } from '../../lib/format';
import { AuditChanges } from './audit-changes';
import { actionLabel, entityLabel, recordName, summaryText, targetLink } from './audit-format';
import { useListPagination } from '../../components/list-table/pagination';

const ACTION_COLORS: Record<string, string> = {
  create: 'green',
  register: 'green',
  update: 'blue',
  retire: 'orange',
  delete: 'red',
  archive: 'volcano',
  unarchive: 'cyan',
  login: 'geekblue',
  passwordResetRequested: 'orange',
  passwordReset: 'orange',
  refund: 'magenta',
  topup: 'green',
  holdForReview: 'gold',
};
const colorOf = (action: string) =>
  ACTION_COLORS[action] ?? (action.startsWith('command.') ? 'purple' : 'default');

/**
 * Audit lines, newest first, paged by the server; a row opens to the before/after of its fields.
 * The user's activity log leaves out the user column (it is all theirs).
 */
export function AuditLogTable({
  page,
  loading,
  onPage,
  showUser = true,
  emptyText,
  testId,
}: {
  page: Page<AuditLog> | undefined;
  loading: boolean;
  onPage: (index: number) => void;
  showUser?: boolean;
  emptyText?: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation('auditLogs');
  const lng = i18n.language;
  const permissions = usePermissions();

  const record = (l: AuditLog) => {
    const name = recordName(t, l);
    const link = l.target ? targetLink(l.target) : null;
    return (
      <OneLine>
        <Typography.Text type="secondary">{entityLabel(t, l.entity)} · </Typography.Text>
        {link && permissions.has(link.permission) ? <Link to={link.path}>{name}</Link> : <bdi>{name}</bdi>}
      </OneLine>
    );
  };

  const columns: TableColumnsType<AuditLog> = [
    {
      title: t('columns.time'),
      key: 'time',
      width: 140,
      render: (_, l) => <bdi>{formatDateTime(l.createdAt, lng)}</bdi>,
    },
    {
      title: t('columns.user'),
      key: 'user',
      width: 170,
      hidden: !showUser,
      render: (_, l) =>
        l.userId === null ? (
          <Tooltip title={t('systemHint')}>
            <Typography.Text type="secondary">{t('system')}</Typography.Text>
          </Tooltip>
        ) : (
          <Tooltip title={l.userEmail} mouseEnterDelay={0.4}>
            <span className="vl-one-line">{l.userName ?? l.userEmail ?? `#${l.userId}`}</span>
          </Tooltip>
        ),
    },
    {
      title: t('columns.operator'),
      key: 'operator',
      width: 160,
      responsive: ['xl'],
      render: (_, l) => <OneLine>{l.operatorName ?? '—'}</OneLine>,
    },
    {
      title: t('columns.action'),
      key: 'action',
      width: 170,
      render: (_, l) => (
        <Tag
          color={colorOf(l.action)}
          style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {actionLabel(t, l.action)}
        </Tag>
      ),
    },
    { title: t('columns.record'), key: 'record', width: 240, render: (_, l) => record(l) },
    {
      // The only column without a width: it takes what the others leave.
      title: t('columns.summary'),
      key: 'summary',
      responsive: ['md'],
      render: (_, l) => <OneLine type="secondary">{summaryText(t, l, lng) || '—'}</OneLine>,
    },
  ];
  const tableProps = useListTableProps(columns, 48);

  return (
    <Table<AuditLog>
      rowKey="id"
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      {...tableProps}
      expandable={{
        columnTitle: <HiddenTitle name="details" />,
        expandedRowRender: (l) => <AuditChanges entry={l} />,
      }}
      locale={{ emptyText: emptyText ?? t('empty') }}
      pagination={useListPagination(page, onPage, { hideOnSinglePage: true })}
      data-testid={testId}
    />
  );
}
