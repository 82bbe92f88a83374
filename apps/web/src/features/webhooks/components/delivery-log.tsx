import { useState } from 'react';
import { Button, Card, Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  WEBHOOK_DELIVERY_STATES,
  type WebhookDelivery,
  type WebhookDeliveryState,
  type WebhookEndpoint,
} from '@voltline/contract';
import { useCan } from '../../../hooks/use-permission';
import { formatDateTime } from '../../../lib/format';
import { useReplayDelivery } from '../api/endpoint-actions';
import { useDeliveries } from '../api/get-deliveries';

const STATE_COLOR: Record<WebhookDeliveryState, string> = {
  pending: 'orange',
  delivered: 'green',
  failed: 'red',
};

/** Each try of a delivery: when, the receiver's status and the start of its answer, or why none came. */
function Tries({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation('webhooks');
  if (delivery.tries.length === 0)
    return <Typography.Text type="secondary">{t('log.noTries')}</Typography.Text>;
  return (
    <Table
      size="small"
      rowKey="at"
      pagination={false}
      dataSource={delivery.tries}
      columns={[
        { title: t('log.tryAt'), key: 'at', render: (_, a) => formatDateTime(a.at) },
        {
          title: t('log.status'),
          key: 'status',
          render: (_, a) =>
            a.status === null ? (
              <Tag color="red">{t('log.noAnswer')}</Tag>
            ) : (
              <Tag color={a.status >= 200 && a.status < 300 ? 'green' : 'red'}>{a.status}</Tag>
            ),
        },
        {
          title: t('log.answer'),
          key: 'answer',
          render: (_, a) => <Typography.Text code>{a.answer ?? a.error ?? ''}</Typography.Text>,
        },
        {
          title: t('log.duration'),
          key: 'ms',
          align: 'end',
          render: (_, a) => t('log.ms', { ms: a.durationMs }),
        },
      ]}
    />
  );
}

/** The delivery log: newest first, filtered by endpoint and state, with each try and a replay. */
export function DeliveryLog({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  const { t } = useTranslation('webhooks');
  const canWrite = useCan('integrations:write');
  const [endpointId, setEndpointId] = useState<number>();
  const [state, setState] = useState<WebhookDeliveryState>();
  const [index, setIndex] = useState(0);
  const deliveries = useDeliveries(endpointId, state, index);
  const replay = useReplayDelivery();

  const columns: TableColumnsType<WebhookDelivery> = [
    { title: t('log.createdAt'), key: 'created', width: 170, render: (_, d) => formatDateTime(d.createdAt) },
    {
      title: t('log.event'),
      key: 'event',
      render: (_, d) => (
        <Flex vertical>
          <Typography.Text data-testid="delivery-type">{d.eventType}</Typography.Text>
          {d.eventId && <Typography.Text type="secondary">#{d.eventId}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('fields.url'),
      key: 'url',
      responsive: ['lg'],
      render: (_, d) => (
        <Typography.Text ellipsis style={{ maxWidth: 260 }}>
          {d.endpointUrl}
        </Typography.Text>
      ),
    },
    {
      title: t('fields.state'),
      key: 'state',
      render: (_, d) => (
        <Tag color={STATE_COLOR[d.state]} data-testid="delivery-state">
          {t(`log.states.${d.state}`)}
        </Tag>
      ),
    },
    { title: t('log.attempts'), key: 'attempts', align: 'end', width: 90, render: (_, d) => d.attempts },
    {
      title: t('log.nextTry'),
      key: 'next',
      width: 170,
      render: (_, d) => (d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : '—'),
    },
    {
      title: t('fields.actions'),
      key: 'replay',
      width: 120,
      render: (_, d) =>
        canWrite && (
          <Button
            size="small"
            icon={<RedoOutlined />}
            loading={replay.isPending && replay.variables === d.id}
            onClick={() => replay.mutate(d.id)}
          >
            {t('log.replay')}
          </Button>
        ),
    },
  ];

  return (
    <Card title={t('log.title')} style={{ marginTop: 24 }}>
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Select<number>
          allowClear
          style={{ minWidth: 260 }}
          placeholder={t('log.allEndpoints')}
          value={endpointId}
          onChange={(v) => {
            setEndpointId(v);
            setIndex(0);
          }}
          options={endpoints.map((e) => ({ value: e.id, label: e.url }))}
        />
        <Select<WebhookDeliveryState>
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('log.allStates')}
          value={state}
          onChange={(v) => {
            setState(v);
            setIndex(0);
          }}
          options={WEBHOOK_DELIVERY_STATES.map((s) => ({ value: s, label: t(`log.states.${s}`) }))}
        />
      </Flex>
      <Table<WebhookDelivery>
        rowKey="id"
        columns={columns}
        dataSource={deliveries.data?.items ?? []}
        loading={deliveries.isLoading}
        expandable={{ expandedRowRender: (d) => <Tries delivery={d} /> }}
        locale={{ emptyText: t('log.empty') }}
        pagination={{
          current: index + 1,
          pageSize: 10,
          total: deliveries.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (p) => setIndex(p - 1),
        }}
        data-testid="webhook-deliveries"
      />
    </Card>
  );
}
