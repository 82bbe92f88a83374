import { Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Operator } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';
import { operatorDetailPath } from '../paths';
import { OperatorRowActions } from './operator-row-actions';

export function ArchivedTable({
  operators,
  loading,
  canWrite,
  blockOf,
  onUnarchive,
}: {
  operators: Operator[] | undefined;
  loading: boolean;
  canWrite: boolean;
  blockOf: (o: Operator) => string | null;
  onUnarchive: (o: Operator) => void;
}) {
  const { t } = useTranslation('operators');
  const { t: tc } = useTranslation('common');
  const columns: TableColumnsType<Operator> = [
    {
      title: t('fields.name'),
      key: 'name',
      render: (_, o) => <Link to={operatorDetailPath(o.id)}>{o.name}</Link>,
    },
    { title: t('fields.parent'), key: 'parent', render: (_, o) => o.parentName ?? '—' },
    { title: t('fields.email'), key: 'email', responsive: ['md'], render: (_, o) => o.email ?? '—' },
    {
      title: t('fields.archivedAt'),
      key: 'archivedAt',
      render: (_, o) => (o.archivedAt ? <bdi>{formatDateTime(o.archivedAt)}</bdi> : '—'),
    },
    {
      title: tc('common.actions'),
      key: 'actions',
      fixed: 'end',
      width: 120,
      align: 'end',
      render: (_, o) => (
        <OperatorRowActions
          operator={o}
          canWrite={canWrite}
          blockOf={blockOf}
          onArchive={() => undefined}
          onUnarchive={onUnarchive}
        />
      ),
    },
  ];
  return (
    <Table<Operator>
      rowKey="id"
      columns={columns}
      dataSource={operators}
      loading={loading}
      pagination={false}
      scroll={{ x: 720 }}
      locale={{ emptyText: t('list.emptyArchived') }}
      data-testid="operator-archived"
    />
  );
}
