import { Button, Flex, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '@voltline/contract';
import { ConfirmAction } from '../../../components/confirm-action';
import { useCan } from '../../../hooks/use-permission';
import { useDeleteEndpoint, useRotateSecret, useSendTest } from '../api/endpoint-actions';
import { EndpointState } from './endpoint-state';

/** The endpoints in reach, with their state in words and their actions. */
export function EndpointTable({
  endpoints,
  loading,
  onEdit,
  onSecret,
}: {
  endpoints: WebhookEndpoint[];
  loading: boolean;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation('webhooks');
  const canWrite = useCan('integrations:write');
  const remove = useDeleteEndpoint();
  const rotate = useRotateSecret();
  const test = useSendTest();

  const columns: TableColumnsType<WebhookEndpoint> = [
    {
      title: t('fields.url'),
      key: 'url',
      render: (_, e) => (
        <Flex vertical>
          <Typography.Text ellipsis style={{ maxWidth: 360 }} data-testid="webhook-url-cell">
            {e.url}
          </Typography.Text>
          {e.description && <Typography.Text type="secondary">{e.description}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('fields.operator'), key: 'operator', responsive: ['lg'], render: (_, e) => e.operatorName },
    {
      title: t('fields.events'),
      key: 'events',
      render: (_, e) =>
        e.eventTypes.length === 0 ? (
          <Tag>{t('events.all')}</Tag>
        ) : (
          e.eventTypes.map((type) => (
            <Tag key={type}>{t(`events.types.${type}`, { defaultValue: type })}</Tag>
          ))
        ),
    },
    { title: t('fields.state'), key: 'state', render: (_, e) => <EndpointState endpoint={e} /> },
    { title: t('fields.pending'), key: 'pending', align: 'end', width: 100, render: (_, e) => e.pending },
    {
      title: t('fields.actions'),
      key: 'actions',
      width: 190,
      render: (_, e) =>
        canWrite && (
          <Space size={0}>
            <Tooltip title={t('actions.test')}>
              <Button
                type="text"
                icon={<SendOutlined />}
                aria-label={t('actions.test')}
                data-testid={`webhook-test-${e.id}`}
                loading={test.isPending && test.variables === e.id}
                onClick={() => test.mutate(e.id)}
              />
            </Tooltip>
            <Tooltip title={t('actions.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={t('actions.edit')}
                onClick={() => onEdit(e)}
              />
            </Tooltip>
            <ConfirmAction
              icon={<KeyOutlined />}
              label={t('actions.rotate')}
              title={t('actions.rotateTitle')}
              description={t('actions.rotateText')}
              okText={t('actions.rotate')}
              danger={false}
              onConfirm={() => rotate.mutate(e.id, { onSuccess: (r) => onSecret(r.secret) })}
            />
            <ConfirmAction
              icon={<DeleteOutlined />}
              label={t('actions.delete')}
              title={t('actions.deleteTitle')}
              description={t('actions.deleteText')}
              okText={t('actions.delete')}
              onConfirm={() => remove.mutate(e.id)}
            />
          </Space>
        ),
    },
  ];

  return (
    <Table<WebhookEndpoint>
      rowKey="id"
      columns={columns}
      dataSource={endpoints}
      loading={loading}
      pagination={false}
      locale={{ emptyText: t('list.empty') }}
      data-testid="webhook-endpoints"
    />
  );
}
