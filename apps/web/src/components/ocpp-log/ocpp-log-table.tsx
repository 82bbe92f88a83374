import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { HiddenTitle } from '../list-table/hidden-title';
import type { OcppLogEntry, Page } from '@voltline/contract';
import { useMinWidth } from '../../hooks/use-min-width';
import { formatNumber } from '../../lib/format';
import { useListTableProps } from '../list-table/columns';
import { OneLine } from '../list-table/one-line';
import { DirectionTag, MessageTypeTag } from './frame-tags';
import { FramePayload } from './frame-payload';
import { useListPagination } from '../list-table/pagination';
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
  const wide = useMinWidth(1400);
  const columns: TableColumnsType<OcppLogEntry> = [
    {
      title: t('fields.at'),
      key: 'at',
      width: 200,
      render: (_, e) => <bdi>{formatLogTime(e.at, i18n.language)}</bdi>,
    },
    {
      title: t('fields.chargePoint'),
      key: 'cp',
      width: 150,
      hidden: !showChargePoint,
      render: (_, e) => <OneLine>{e.chargePointId}</OneLine>,
    },
    {
      title: t('fields.direction'),
      key: 'direction',
      width: 150,
      ellipsis: true,
      render: (_, e) => <DirectionTag direction={e.direction} />,
    },
    {
      title: t('fields.type'),
      key: 'type',
      width: 120,
      render: (_, e) => <MessageTypeTag type={e.messageType} />,
    },
    {
      // The only column without a width: it takes what the others leave.
      title: t('fields.action'),
      key: 'action',
      render: (_, e) => <OneLine>{e.action ?? '—'}</OneLine>,
    },
    {
      title: t('fields.messageId'),
      key: 'messageId',
      width: 200,
      hidden: !wide,
      render: (_, e) => <OneLine type="secondary">{e.messageId ?? '—'}</OneLine>,
    },
    {
      title: t('fields.responseTime'),
      key: 'rt',
      width: 120,
      align: 'end',
      render: (_, e) =>
        e.responseTimeMs === null ? '' : t('ms', { value: formatNumber(e.responseTimeMs, i18n.language) }),
    },
  ];
  // antd's expand column is 48 px wide.
  const tableProps = useListTableProps(columns, 48);
  return (
    <Table<OcppLogEntry>
      rowKey="id"
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      {...tableProps}
      expandable={{
        columnTitle: <HiddenTitle name="details" />,
        expandedRowRender: (e) => <FramePayload entry={e} testId={`frame-json-${e.id}`} />,
      }}
      pagination={useListPagination(page, onPage)}
      data-testid="ocpp-log-table"
    />
  );
}
