import { useState } from 'react';
import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FaultPeriod } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';
import { errorCodeWords } from '../../../lib/ocpp-words';
import { useListPagination } from '../../../components/list-table/pagination';
import { useFaults } from '../api/get-faults';

/** Each fault of the charge point and its connectors: what, the charger's words, from when to when. */
export function FaultHistory({ id }: { id: number }) {
  const { t } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  const [index, setIndex] = useState(0);
  const faults = useFaults(id, index);
  const columns: TableColumnsType<FaultPeriod> = [
    {
      title: t('faults.history.connector'),
      key: 'connector',
      width: 120,
      render: (_, f) => (f.connectorId ? f.connectorId : t('faults.history.chargePoint')),
    },
    {
      title: t('faults.history.error'),
      key: 'error',
      render: (_, f) => <Typography.Text strong>{errorCodeWords(tc, f.errorCode)}</Typography.Text>,
    },
    { title: t('faults.history.info'), key: 'info', render: (_, f) => (f.info ? <bdi>{f.info}</bdi> : '—') },
    {
      title: t('faults.history.vendorCode'),
      key: 'vendor',
      render: (_, f) =>
        f.vendorErrorCode ? (
          <bdi>{[f.vendorErrorCode, f.vendorId && `(${f.vendorId})`].filter(Boolean).join(' ')}</bdi>
        ) : (
          '—'
        ),
    },
    {
      title: t('faults.history.started'),
      key: 'started',
      render: (_, f) => <bdi>{formatDateTime(f.startedAt)}</bdi>,
    },
    {
      title: t('faults.history.ended'),
      key: 'ended',
      render: (_, f) =>
        f.endedAt ? (
          <bdi>{formatDateTime(f.endedAt)}</bdi>
        ) : (
          <Tag color="red">{t('faults.history.ongoing')}</Tag>
        ),
    },
  ];
  return (
    <Table<FaultPeriod>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={faults.data?.items}
      loading={faults.isPending}
      locale={{ emptyText: t('faults.history.empty') }}
      scroll={{ x: 800 }}
      data-testid="cp-faults"
      pagination={useListPagination({ index, total: faults.data?.total ?? 0 }, setIndex)}
    />
  );
}
