import { useState } from 'react';
import { Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, type AuditLog } from '@voltline/contract';
import { DownloadButton } from '../../../components/download-button';
import { useFileDownload } from '../../../hooks/use-file-download';
import { datedFileName } from '../../../lib/download';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useUserAuditLogs } from '../api/get-user-audit-logs';
import { exportUserAuditLogs } from '../api/export-user-audit-logs';

const ACTION_COLORS: Record<string, string> = {
  create: 'green',
  register: 'green',
  update: 'blue',
  delete: 'red',
  login: 'geekblue',
  logout: 'default',
  passwordResetRequested: 'orange',
  passwordReset: 'orange',
};

function summaryText(summary: AuditLog['summary']): string {
  return Object.entries(summary)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' · ');
}

/** What this user did in the portal, newest first, paged by the server. */
export function UserAuditLog({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const [index, setIndex] = useState(0);
  const logs = useUserAuditLogs(userId, index);
  const excel = useFileDownload();

  const columns: TableColumnsType<AuditLog> = [
    {
      title: t('audit.time'),
      key: 'time',
      width: 180,
      render: (_, l) => <bdi>{formatDateTime(l.createdAt)}</bdi>,
    },
    {
      title: t('audit.action'),
      key: 'action',
      width: 200,
      render: (_, l) => (
        <Tag color={ACTION_COLORS[l.action] ?? 'default'}>
          {t(`audit.actions.${l.action}`, { defaultValue: l.action })}
        </Tag>
      ),
    },
    {
      title: t('audit.entity'),
      key: 'entity',
      width: 160,
      render: (_, l) =>
        `${t(`audit.entities.${l.entity}`, { defaultValue: l.entity })}${l.entityId ? ` #${l.entityId}` : ''}`,
    },
    {
      title: t('audit.details'),
      key: 'summary',
      render: (_, l) => (
        <Typography.Text
          type="secondary"
          ellipsis={{ tooltip: summaryText(l.summary) }}
          style={{ maxWidth: 360 }}
        >
          {summaryText(l.summary)}
        </Typography.Text>
      ),
    },
    { title: t('audit.ip'), dataIndex: 'ip', key: 'ip', width: 140, responsive: ['lg'] },
  ];

  return (
    <Card
      title={t('audit.title')}
      extra={
        <DownloadButton
          progress={excel.progress}
          onClick={() =>
            void excel.download((p) => exportUserAuditLogs(userId, p), datedFileName(`user-${userId}-audit`))
          }
        />
      }
      styles={{ body: { padding: 0 } }}
    >
      <Table<AuditLog>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={logs.data?.items}
        loading={logs.isFetching}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('audit.empty') }}
        pagination={{
          current: index + 1,
          pageSize: PAGE_SIZE,
          total: logs.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (total, [from, to]) => (
            <bdi>
              {tc('common.total', {
                range: `${formatNumber(from, i18n.language)}–${formatNumber(to, i18n.language)}`,
                total: formatNumber(total, i18n.language),
              })}
            </bdi>
          ),
          onChange: (p) => setIndex(p - 1),
        }}
        data-testid="user-audit-table"
      />
    </Card>
  );
}
