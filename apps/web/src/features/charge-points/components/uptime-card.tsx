import { Button, Card, DatePicker, Flex, Form, Input, Popconfirm, Select, Table, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DEFAULT_UPTIME_TARGET, UPTIME_EXCLUSION_REASONS, type UptimeExclusion } from '@voltline/contract';
import { useCan } from '../../../hooks/use-permission';
import { formatDateTime } from '../../../lib/format';
import { isShort, minutesText, uptimeText } from '../../../lib/uptime-format';
import {
  useAddUptimeExclusion,
  useChargePointUptime,
  useDeleteUptimeExclusion,
  useUptimeExclusions,
} from '../api/uptime';
import { showFieldErrors } from '../server-errors';

interface Values {
  /** 0: the whole charge point. */
  connectorId: number;
  reason: UptimeExclusion['reason'];
  note?: string;
  span: [Dayjs, Dayjs];
}

/**
 * Uptime as regulators count it over the tab's period, per connector, and the downtime staff
 * excluded from it (grid outages, vandalism, planned maintenance...), added and deleted here.
 */
export function UptimeCard({ id, from, to }: { id: number; from: string; to: string }) {
  const { t, i18n } = useTranslation('chargePoints');
  const lng = i18n.language;
  const canWrite = useCan('chargePoints:write');
  const figures = useChargePointUptime(id, from, to);
  const exclusions = useUptimeExclusions(id);
  const add = useAddUptimeExclusion(id);
  const remove = useDeleteUptimeExclusion();
  const [form] = Form.useForm<Values>();
  const reason = Form.useWatch('reason', form);
  const connectors = figures.data?.connectors ?? [];

  const submit = (v: Values) =>
    add.mutate(
      {
        connectorId: v.connectorId || null,
        reason: v.reason,
        note: v.note || null,
        startsAt: v.span[0].toISOString(),
        endsAt: v.span[1].toISOString(),
      },
      {
        // The span stays: staff often exclude the same hours on several connectors.
        onSuccess: () => form.resetFields(['note']),
        onError: (e) =>
          showFieldErrors(form, e, ['reason', 'note', 'span', 'connectorId'], (f) =>
            f === 'body.startsAt' || f === 'body.endsAt' ? 'span' : f.replace(/^body\./, ''),
          ),
      },
    );

  return (
    <Card title={t('uptime.title')} style={{ marginTop: 16 }} data-testid="cp-uptime">
      <Typography.Paragraph type="secondary">{t('uptime.help')}</Typography.Paragraph>
      <Table
        rowKey="connectorId"
        size="small"
        loading={figures.isPending}
        pagination={false}
        dataSource={connectors}
        columns={[
          { title: t('uptime.connector'), dataIndex: 'connectorId' },
          {
            title: t('uptime.outage'),
            dataIndex: 'outageMinutes',
            align: 'right',
            render: (v: number) => minutesText(v, lng),
          },
          {
            title: t('uptime.excluded'),
            dataIndex: 'excludedMinutes',
            align: 'right',
            render: (v: number) => minutesText(v, lng),
          },
          {
            title: t('uptime.uptime'),
            dataIndex: 'uptime',
            align: 'right',
            render: (v: number | null) => (
              <Typography.Text type={isShort(v, DEFAULT_UPTIME_TARGET) ? 'danger' : undefined}>
                {uptimeText(v, lng)}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 16 }}>
        {t('uptime.exclusions')}
      </Typography.Title>
      <Table<UptimeExclusion>
        rowKey="id"
        size="small"
        loading={exclusions.isPending}
        pagination={false}
        dataSource={exclusions.data ?? []}
        data-testid="uptime-exclusions"
        columns={[
          { title: t('uptime.from'), dataIndex: 'startsAt', render: (v: string) => formatDateTime(v, lng) },
          { title: t('uptime.to'), dataIndex: 'endsAt', render: (v: string) => formatDateTime(v, lng) },
          {
            title: t('uptime.connector'),
            dataIndex: 'connectorId',
            render: (v: number | null) => v ?? t('uptime.wholeChargePoint'),
          },
          {
            title: t('uptime.reason'),
            key: 'reason',
            render: (_, e) =>
              e.note ? `${t(`uptime.reasons.${e.reason}`)}: ${e.note}` : t(`uptime.reasons.${e.reason}`),
          },
          ...(canWrite
            ? [
                {
                  key: 'actions',
                  width: 48,
                  render: (_: unknown, e: UptimeExclusion) => (
                    <Popconfirm title={t('uptime.deleteConfirm')} onConfirm={() => remove.mutate(e.id)}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('uptime.delete')}
                        loading={remove.isPending && remove.variables === e.id}
                      />
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      {canWrite && (
        <Form<Values>
          form={form}
          layout="inline"
          onFinish={submit}
          initialValues={{ connectorId: 0, reason: 'planned_maintenance' }}
          style={{ marginTop: 16, rowGap: 8 }}
          data-testid="uptime-exclusion-form"
        >
          <Form.Item name="connectorId" label={t('uptime.connector')}>
            <Select
              style={{ width: 160 }}
              options={[
                { value: 0, label: t('uptime.wholeChargePoint') },
                ...connectors.map((c) => ({ value: c.connectorId, label: String(c.connectorId) })),
              ]}
            />
          </Form.Item>
          <Form.Item name="reason" label={t('uptime.reason')}>
            <Select
              style={{ width: 200 }}
              options={UPTIME_EXCLUSION_REASONS.map((r) => ({ value: r, label: t(`uptime.reasons.${r}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="note"
            label={t('uptime.note')}
            rules={reason === 'other' ? [{ required: true, message: t('uptime.noteRequired') }] : []}
          >
            <Input maxLength={500} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="span"
            label={t('uptime.span')}
            rules={[{ required: true, message: t('uptime.spanRequired') }]}
          >
            <DatePicker.RangePicker showTime />
          </Form.Item>
          <Flex>
            <Button type="primary" htmlType="submit" loading={add.isPending}>
              {t('uptime.add')}
            </Button>
          </Flex>
        </Form>
      )}
    </Card>
  );
}
