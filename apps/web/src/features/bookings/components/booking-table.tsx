import { Table, Typography, type TableColumnsType } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Booking, Page } from '@voltline/contract';
import { ConfirmAction } from '../../../components/confirm-action';
import { actionsColumn, useListTableProps } from '../../../components/list-table/columns';
import { OneLine } from '../../../components/list-table/one-line';
import { useListPagination } from '../../../components/list-table/pagination';
import { useCan } from '../../../hooks/use-permission';
import { formatDateTime } from '../../../lib/format';
import { useCancelBooking } from '../api/cancel-booking';
import { cancellable } from '../booking-rules';
import { BookingStateTag } from './booking-state-tag';

export function BookingTable({
  page,
  loading,
  onPage,
}: {
  page: Page<Booking> | undefined;
  loading: boolean;
  onPage: (index: number) => void;
}) {
  const { t, i18n } = useTranslation('bookings');
  const { t: tc } = useTranslation('common');
  const lng = i18n.language;
  const canWrite = useCan('bookings:write');
  const cancel = useCancelBooking();
  const pagination = useListPagination(page, onPage);

  const columns: TableColumnsType<Booking> = [
    { title: t('fields.id'), key: 'id', width: 70, render: (_, b) => <bdi>#{b.id}</bdi> },
    {
      title: t('fields.chargePoint'),
      key: 'chargePoint',
      render: (_, b) => (
        <OneLine>
          {b.chargePointName !== b.chargePointId
            ? `${b.chargePointName} (${b.chargePointId})`
            : b.chargePointId}
        </OneLine>
      ),
    },
    {
      title: t('fields.connector'),
      key: 'connector',
      width: 130,
      render: (_, b) => (b.connectorId === 0 ? t('anyConnector') : b.connectorId),
    },
    {
      title: t('fields.driver'),
      key: 'driver',
      width: 170,
      render: (_, b) => (
        <OneLine>
          {b.driverName ?? '—'} <Typography.Text type="secondary">({b.idTag})</Typography.Text>
        </OneLine>
      ),
    },
    {
      title: t('fields.name'),
      key: 'name',
      width: 140,
      responsive: ['xl'],
      render: (_, b) => <OneLine>{b.name ?? ''}</OneLine>,
    },
    {
      title: t('fields.expiresAt'),
      key: 'expiresAt',
      width: 160,
      render: (_, b) => <bdi>{formatDateTime(b.expiresAt, lng)}</bdi>,
    },
    {
      title: t('fields.state'),
      key: 'state',
      width: 190,
      render: (_, b) => (
        <OneLine>
          <BookingStateTag state={b.state} />
          {b.state === 'used' && b.sessionId !== null && (
            <Typography.Text type="secondary">{t('sessionRef', { id: b.sessionId })}</Typography.Text>
          )}
          {(b.state === 'refused' || b.state === 'failed') && (
            <Typography.Text type="secondary">{b.answer ?? b.error}</Typography.Text>
          )}
        </OneLine>
      ),
    },
    {
      title: t('fields.createdAt'),
      key: 'createdAt',
      width: 160,
      responsive: ['xxl'],
      render: (_, b) => <bdi>{formatDateTime(b.createdAt, lng)}</bdi>,
    },
  ];
  if (canWrite)
    columns.push(
      actionsColumn(tc('common.actions'), 70, (b) =>
        cancellable(b.state) ? (
          <ConfirmAction
            icon={<StopOutlined />}
            label={t('cancel.label')}
            title={t('cancel.title')}
            description={t('cancel.description')}
            okText={t('cancel.ok')}
            loading={cancel.isPending && cancel.variables === b.id}
            onConfirm={() => cancel.mutate(b.id)}
            testId={`booking-cancel-${b.id}`}
          />
        ) : null,
      ),
    );
  const tableProps = useListTableProps(columns);

  return (
    <Table<Booking>
      rowKey="id"
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      {...tableProps}
      pagination={pagination}
      data-testid="booking-table"
    />
  );
}
