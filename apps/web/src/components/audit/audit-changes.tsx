import { Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditChange, AuditLog } from '@voltline/contract';
import { fieldLabel, formatValue } from './audit-format';

/** The before/after table of one audit line, with where the change came from. */
export function AuditChanges({ entry }: { entry: AuditLog }) {
  const { t, i18n } = useTranslation('auditLogs');
  const lng = i18n.language;
  const value = (c: AuditChange, side: 'before' | 'after') =>
    c.kind === 'secret' ? (
      side === 'after' ? (
        <Typography.Text type="secondary">{t('changes.hidden')}</Typography.Text>
      ) : null
    ) : (
      <bdi>{formatValue(t, c, side, entry.currency, lng)}</bdi>
    );
  const columns: TableColumnsType<AuditChange> = [
    { title: t('changes.field'), key: 'field', width: '30%', render: (_, c) => fieldLabel(t, c.field) },
    { title: t('changes.before'), key: 'before', render: (_, c) => value(c, 'before') },
    { title: t('changes.after'), key: 'after', render: (_, c) => value(c, 'after') },
  ];
  return (
    <Flex vertical gap={8} data-testid="audit-changes">
      {entry.changes.length > 0 ? (
        <Table<AuditChange>
          rowKey="field"
          size="small"
          columns={columns}
          dataSource={entry.changes}
          pagination={false}
          tableLayout="fixed"
        />
      ) : (
        <Typography.Text type="secondary">{t('changes.none')}</Typography.Text>
      )}
      {(entry.ip ?? entry.userAgent) && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[
            entry.ip && `${t('columns.ip')}: ${entry.ip}`,
            entry.userAgent && `${t('changes.device')}: ${entry.userAgent}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
      )}
    </Flex>
  );
}
