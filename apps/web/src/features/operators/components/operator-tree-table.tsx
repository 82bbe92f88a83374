import { Flex, Table, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Operator, OperatorTreeNode } from '@voltline/contract';
import { formatNumber } from '../../../lib/format';
import { operatorDetailPath } from '../paths';
import { OperatorRowActions } from './operator-row-actions';
import { OperatorTags } from './operator-tags';

function allIds(nodes: OperatorTreeNode[]): number[] {
  return nodes.flatMap((n) => [n.id, ...allIds(n.subOperators ?? [])]);
}

/** The operator tree: sub-operators expand below their parent, all open at first. */
export function OperatorTreeTable({
  tree,
  loading,
  canWrite,
  blockOf,
  onArchive,
  onUnarchive,
}: {
  tree: OperatorTreeNode[] | undefined;
  loading: boolean;
  canWrite: boolean;
  blockOf: (o: Operator) => string | null;
  onArchive: (o: Operator) => void;
  onUnarchive: (o: Operator) => void;
}) {
  const { t, i18n } = useTranslation('operators');
  const { t: tc } = useTranslation('common');

  const columns: TableColumnsType<OperatorTreeNode> = [
    {
      title: t('fields.name'),
      key: 'name',
      render: (_, o) => (
        <Flex vertical style={{ minWidth: 0, display: 'inline-flex' }}>
          <Link to={operatorDetailPath(o.id)}>{o.name}</Link>
          {o.subOperators && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('list.subCount', { count: o.subOperators.length })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('fields.email'), key: 'email', responsive: ['md'], render: (_, o) => o.email ?? '—' },
    { title: t('fields.phone'), key: 'phone', responsive: ['lg'], render: (_, o) => o.phone ?? '—' },
    {
      title: t('fields.heartbeatInterval'),
      key: 'heartbeat',
      responsive: ['xl'],
      align: 'end',
      render: (_, o) => t('units.seconds', { value: formatNumber(o.heartbeatInterval, i18n.language) }),
    },
    { title: t('fields.billing'), key: 'tags', render: (_, o) => <OperatorTags operator={o} /> },
    {
      title: tc('common.actions'),
      key: 'actions',
      fixed: 'end',
      width: 180,
      align: 'end',
      render: (_, o) => (
        <OperatorRowActions
          operator={o}
          canWrite={canWrite}
          blockOf={blockOf}
          onArchive={onArchive}
          onUnarchive={onUnarchive}
        />
      ),
    },
  ];

  return (
    <Table<OperatorTreeNode>
      // Remount when the tree arrives so every branch starts open.
      key={tree ? 'loaded' : 'loading'}
      rowKey="id"
      columns={columns}
      dataSource={tree}
      loading={loading}
      pagination={false}
      scroll={{ x: 860 }}
      expandable={{ childrenColumnName: 'subOperators', defaultExpandedRowKeys: allIds(tree ?? []) }}
      locale={{ emptyText: t('list.empty') }}
      data-testid="operator-tree"
    />
  );
}
