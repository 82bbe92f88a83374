import { useState } from 'react';
import { Flex, Input, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { EVENT_TRIGGERS, type DeviceEvent, type EventTrigger } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';
import { useListPagination } from '../../../components/list-table/pagination';
import { useDeviceEvents, type DeviceEventFilter } from '../api/get-events';
import { eventPlace, SEVERITY_LEVELS, severityWords, techWords, withInstance } from '../event-words';
import { eventMonitorWords } from '../monitor-words';

/**
 * What the charger reported about its parts (OCPP 2.0.1 NotifyEvent), newest first: when, which
 * component where, which variable, why it reported, the value, how grave, its own code and note,
 * and whether the event clears an earlier one. Narrowed by component, trigger and severity.
 */
export function DeviceEvents({ id }: { id: number }) {
  const { t } = useTranslation('chargePoints');
  const [index, setIndex] = useState(0);
  const [filter, setFilter] = useState<DeviceEventFilter>({});
  const events = useDeviceEvents(id, index, filter);
  const narrow = (next: DeviceEventFilter) => {
    setFilter(next);
    setIndex(0);
  };
  const columns: TableColumnsType<DeviceEvent> = [
    { title: t('events.time'), key: 'time', width: 170, render: (_, e) => <bdi>{formatDateTime(e.at)}</bdi> },
    {
      title: t('events.component'),
      key: 'component',
      render: (_, e) => (
        <Flex vertical>
          <Typography.Text strong>
            <bdi>{withInstance(e.component, e.componentInstance)}</bdi>
          </Typography.Text>
          <Typography.Text type="secondary">{eventPlace(t, e)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('events.variable'),
      key: 'variable',
      render: (_, e) => <bdi>{withInstance(e.variable, e.variableInstance)}</bdi>,
    },
    { title: t('events.trigger'), key: 'trigger', render: (_, e) => t(`events.triggers.${e.trigger}`) },
    { title: t('events.value'), key: 'value', render: (_, e) => <bdi>{e.actualValue}</bdi> },
    {
      title: t('events.severity'),
      key: 'severity',
      render: (_, e) =>
        severityWords(t, e.severity) ?? (
          <Typography.Text type="secondary">{t('events.unknown')}</Typography.Text>
        ),
    },
    {
      title: t('events.monitor'),
      key: 'monitor',
      render: (_, e) => <bdi data-testid="cp-event-monitor">{eventMonitorWords(t, e) ?? '—'}</bdi>,
    },
    { title: t('events.tech'), key: 'tech', render: (_, e) => <bdi>{techWords(e) ?? '—'}</bdi> },
    {
      title: t('events.state'),
      key: 'state',
      render: (_, e) =>
        e.cleared ? (
          <Tag color="green">{t('events.cleared')}</Tag>
        ) : (
          <Tag color="orange">{t('events.raised')}</Tag>
        ),
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Input.Search
          allowClear
          style={{ width: 260 }}
          placeholder={t('events.filterComponent')}
          aria-label={t('events.component')}
          maxLength={50}
          onSearch={(v) => narrow({ ...filter, component: v.trim() || undefined })}
          data-testid="cp-events-component"
        />
        <Select<EventTrigger>
          allowClear
          style={{ width: 260 }}
          placeholder={t('events.filterTrigger')}
          aria-label={t('events.trigger')}
          value={filter.trigger}
          onChange={(v) => narrow({ ...filter, trigger: v })}
          options={EVENT_TRIGGERS.map((v) => ({ value: v, label: t(`events.triggers.${v}`) }))}
          data-testid="cp-events-trigger"
        />
        <Select<number>
          allowClear
          style={{ width: 260 }}
          placeholder={t('events.filterSeverity')}
          aria-label={t('events.severity')}
          value={filter.severity}
          onChange={(v) => narrow({ ...filter, severity: v })}
          options={SEVERITY_LEVELS.map((level) => ({
            value: level,
            label: t('events.atOrGraver', { level, name: t(`events.severities.${level}`) }),
          }))}
          data-testid="cp-events-severity"
        />
      </Flex>
      <Table<DeviceEvent>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={events.data?.items}
        loading={events.isPending}
        locale={{ emptyText: t('events.empty') }}
        scroll={{ x: 1250 }}
        data-testid="cp-events"
        pagination={useListPagination({ index, total: events.data?.total ?? 0 }, setIndex)}
      />
    </Flex>
  );
}
