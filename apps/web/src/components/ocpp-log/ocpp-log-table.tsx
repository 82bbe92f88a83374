import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OcppLogEntry, Page } from '@voltline/contract';
import { formatNumber } from '../../lib/format';
import { DirectionTag, MessageTypeTag } from './frame-tags';
import { JsonView } from './json-view';
import { logPagination } from './pagination';
import { formatLogTime } from './time';

/** One row per frame; expanding a row shows its JSON. */
export function OcppLogTable({
  page,
  loading,
  showChargePoint,
  onPage,
}: {
  page: Page<OcppLogEntry> | undefined;
  loading: boolean;
  showChargePoint: boolean;
  onPage: (index: number) => void;
}) {
  const { t, i18n } = useTranslation('ocppLogs');
  const { t: tc } = useTranslation('common');
  const columns: TableColumnsType<OcppLogEntry> = [
    { title: t('fields.at'), key: 'at', width: 190, render: (_, e) => <bdi>{formatLogTime(e.at)}</bdi> },
    ...(showChargePoint
      ? [{ title: t('fields.chargePoint'), dataIndex: 'chargePointId', key: 'cp', width: 160 }]
      : []),
    {
      title: t('fields.direction'),
      key: 'direction',
      width: 160,
      render: (_, e) => <DirectionTag direction={e.direction} />,
    },
    {
      title: t('fields.type'),
      key: 'type',
      width: 130,
      render: (_, e) => <MessageTypeTag type={e.messageType} />,
    },
    { title: t('fields.action'), key: 'action', render: (_, e) => e.action ?? '—' },
    {
      title: t('fields.messageId'),
      key: 'messageId',
      responsive: ['xl'],
      render: (_, e) => (
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220 }}>
          {e.messageId ?? '—'}
        </Typography.Text>
      ),
    },
    {
      title: t('fields.responseTime'),
      key: 'rt',
      width: 130,
      align: 'end',
      render: (_, e) =>
        e.responseTimeMs === null ? '' : t('ms', { value: formatNumber(e.responseTimeMs, i18n.language) }),
    },
  ];
  return (
    <Table<OcppLogEntry>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      scroll={{ x: 860 }}
      expandable={{ expandedRowRender: (e) => <JsonView value={e.payload} testId={`frame-json-${e.id}`} /> }}
      pagination={logPagination(page, onPage, tc, i18n.language)}
      data-testid="ocpp-log-table"
    />
  );
}
