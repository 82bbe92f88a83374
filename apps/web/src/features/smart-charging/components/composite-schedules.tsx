import { useState } from 'react';
import { Alert, Button, Flex, InputNumber, Modal, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ScheduleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CompositeScheduleResult } from '@voltline/contract';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useCompositeSchedules } from '../api/composite-schedules';

/** "0 min: 16 A · 30 min: 10 A": a schedule's periods from its start, in the charger's own unit. */
function periodsText(r: CompositeScheduleResult, lng: string, minutes: (n: string) => string): string {
  if (!r.schedule) return '—';
  const unit = r.schedule.chargingRateUnit === 'W' ? 'kW' : r.schedule.chargingRateUnit;
  const value = (limit: number) => (unit === 'kW' ? Math.round(limit / 100) / 10 : limit);
  return r.schedule.periods
    .map(
      (p) =>
        `${minutes(formatNumber(Math.round(p.startPeriod / 60), lng))}: ${formatNumber(value(p.limit), lng)} ${unit}`,
    )
    .join(' · ');
}

/** Asks every member connector what it will draw (GetCompositeSchedule) and shows each answer. */
export function CompositeSchedulesButton({ groupId }: { groupId: number }) {
  const { t, i18n } = useTranslation('smartCharging');
  const lng = i18n.language;
  const [open, setOpen] = useState(false);
  const [minutes, setMinutes] = useState(60);
  const ask = useCompositeSchedules();
  const run = () => ask.mutate({ id: groupId, duration: minutes * 60 });

  const columns: TableColumnsType<CompositeScheduleResult> = [
    { title: t('composite.chargePoint'), key: 'cp', width: 200, render: (_, r) => r.chargePointId },
    { title: t('composite.connector'), key: 'connector', width: 90, render: (_, r) => r.connectorId },
    {
      title: t('composite.status'),
      key: 'status',
      width: 130,
      render: (_, r) => (
        <Tag color={r.status === 'Accepted' ? 'success' : 'error'} data-testid="sc-composite-status">
          {t(`composite.statuses.${r.status}`, { defaultValue: r.status })}
        </Tag>
      ),
    },
    {
      title: t('composite.start'),
      key: 'start',
      width: 170,
      render: (_, r) => (r.schedule?.startSchedule ? formatDateTime(r.schedule.startSchedule, lng) : '—'),
    },
    {
      title: t('composite.periods'),
      key: 'periods',
      render: (_, r) => (
        <Typography.Text>{periodsText(r, lng, (n) => t('composite.minute', { n }))}</Typography.Text>
      ),
    },
  ];

  return (
    <>
      <Button
        icon={<ScheduleOutlined />}
        onClick={() => {
          setOpen(true);
          run();
        }}
        data-testid="sc-composite"
      >
        {t('composite.button')}
      </Button>
      <Modal
        open={open}
        title={t('composite.title')}
        width={960}
        onCancel={() => setOpen(false)}
        footer={null}
      >
        <Flex gap={8} align="center" style={{ marginBottom: 12 }} wrap>
          <InputNumber<number>
            min={1}
            max={1440}
            value={minutes}
            onChange={(v) => setMinutes(v ?? 60)}
            aria-label={t('composite.duration')}
            prefix={t('composite.duration')}
            suffix={t('composite.minutes')}
            style={{ width: 260 }}
          />
          <Button type="primary" onClick={run} loading={ask.isPending}>
            {t('composite.ask')}
          </Button>
        </Flex>
        {ask.isError && (
          <Alert type="error" showIcon title={t('composite.failed')} style={{ marginBottom: 12 }} />
        )}
        <Table<CompositeScheduleResult>
          rowKey={(r) => `${r.chargePointId}-${r.connectorId}`}
          columns={columns}
          dataSource={ask.data}
          loading={ask.isPending}
          size="small"
          pagination={false}
          locale={{ emptyText: t('composite.empty') }}
          data-testid="sc-composite-table"
        />
      </Modal>
    </>
  );
}
