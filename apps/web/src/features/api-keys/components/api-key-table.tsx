import { Button, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { StopOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApiKey, ApiKeyState } from '@voltline/contract';
import { actionsColumn, useListTableProps } from '../../../components/list-table/columns';
import { OneLine } from '../../../components/list-table/one-line';
import { ConfirmAction } from '../../../components/confirm-action';
import { formatDateTime } from '../../../lib/format';
import { useRevokeApiKey } from '../api/revoke-api-key';

const STATE_COLORS: Record<ApiKeyState, string> = { active: 'success', expired: 'default', revoked: 'error' };

export function ApiKeyTable({
  keys,
  loading,
  canWrite,
  onRotate,
}: {
  keys: ApiKey[] | undefined;
  loading: boolean;
  canWrite: boolean;
  onRotate: (key: ApiKey) => void;
}) {
  const { t } = useTranslation('apiKeys');
  const { t: tc } = useTranslation('common');
  const revoke = useRevokeApiKey();
  const never = tc('common.never');

  const columns: TableColumnsType<ApiKey> = [
    { title: t('fields.name'), key: 'name', render: (_, k) => <OneLine>{k.name}</OneLine> },
    {
      title: t('fields.operator'),
      key: 'operator',
      width: 170,
      responsive: ['lg'],
      render: (_, k) => <OneLine>{k.operatorName}</OneLine>,
    },
    {
      title: t('fields.grant'),
      key: 'grant',
      width: 170,
      ellipsis: true,
      render: (_, k) =>
        k.role ? (
          <Tag color="blue">{tc(`roles.${k.role}`)}</Tag>
        ) : (
          <Tooltip title={k.permissions.join(', ')}>
            <span>{t('list.permissionCount', { count: k.permissions.length })}</span>
          </Tooltip>
        ),
    },
    {
      title: t('fields.prefix'),
      key: 'prefix',
      width: 160,
      render: (_, k) => <Typography.Text code>{`${k.prefix}…`}</Typography.Text>,
    },
    {
      title: t('fields.createdBy'),
      key: 'createdBy',
      width: 150,
      responsive: ['xl'],
      render: (_, k) => <OneLine type="secondary">{k.createdBy ?? '—'}</OneLine>,
    },
    {
      title: t('fields.expiresAt'),
      key: 'expiresAt',
      width: 160,
      responsive: ['md'],
      render: (_, k) => <OneLine>{formatDateTime(k.expiresAt)}</OneLine>,
    },
    {
      title: t('fields.lastUsedAt'),
      key: 'lastUsedAt',
      width: 160,
      render: (_, k) => (
        <OneLine type="secondary">{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : never}</OneLine>
      ),
    },
    {
      title: t('fields.state'),
      key: 'state',
      width: 150,
      render: (_, k) => (
        <Tooltip
          title={
            k.previousValidUntil
              ? t('list.overlap', { time: formatDateTime(k.previousValidUntil) })
              : undefined
          }
        >
          <Tag color={STATE_COLORS[k.state]} data-testid={`api-key-state-${k.id}`}>
            {t(`state.${k.state}`)}
            {k.previousValidUntil ? ' *' : ''}
          </Tag>
        </Tooltip>
      ),
    },
  ];
  if (canWrite) {
    columns.push(
      actionsColumn(tc('common.actions'), 100, (k) =>
        k.state === 'revoked' ? null : (
          <Space size={0}>
            {k.state === 'active' && (
              <Tooltip title={t('actions.rotate')}>
                <Button
                  type="text"
                  icon={<SyncOutlined />}
                  aria-label={t('actions.rotate')}
                  onClick={() => onRotate(k)}
                />
              </Tooltip>
            )}
            <ConfirmAction
              icon={<StopOutlined />}
              label={t('actions.revoke')}
              title={t('revoke.title')}
              description={t('revoke.confirm', { name: k.name })}
              okText={t('actions.revoke')}
              loading={revoke.isPending}
              onConfirm={() => revoke.mutate(k.id)}
              testId={`api-key-revoke-${k.id}`}
            />
          </Space>
        ),
      ),
    );
  }

  return (
    <Table<ApiKey>
      {...useListTableProps(columns)}
      rowKey="id"
      columns={columns}
      dataSource={keys}
      loading={loading}
      pagination={false}
    />
  );
}
