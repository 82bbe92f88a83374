import { useState } from 'react';
import { Card, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { BALANCE_ENTRY_KINDS, type BalanceEntry, type BalanceEntryKind } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';
import { useLedger } from '../api/get-ledger';
import { formatMoney } from '../../../lib/billing-format';
import { useListPagination } from '../../../components/list-table/pagination';

const KIND_COLORS: Record<BalanceEntryKind, string> = {
  adjustment: 'purple',
  topup: 'green',
  charge: 'blue',
  refund: 'gold',
};

/** Every movement of the driver's balance, newest first, with the balance after it. */
export function LedgerTable({ driverId, currency }: { driverId: number; currency: string }) {
  const { t, i18n } = useTranslation('drivers');
  const [index, setIndex] = useState(0);
  const [kind, setKind] = useState<BalanceEntryKind>();
  const ledger = useLedger(driverId, index, kind);
  const money = (v: number) => formatMoney(v, currency, i18n.language);

  const columns: TableColumnsType<BalanceEntry> = [
    {
      title: t('ledger.time'),
      key: 'time',
      width: 170,
      render: (_, e) => <bdi>{formatDateTime(e.createdAt)}</bdi>,
    },
    {
      title: t('ledger.kind'),
      key: 'kind',
      width: 130,
      render: (_, e) => <Tag color={KIND_COLORS[e.kind]}>{t(`balance.kinds.${e.kind}`)}</Tag>,
    },
    {
      title: t('ledger.amount'),
      key: 'amount',
      align: 'end',
      width: 140,
      render: (_, e) => (
        <Typography.Text type={e.amount < 0 ? 'danger' : 'success'} strong style={{ whiteSpace: 'nowrap' }}>
          <bdi>{`${e.amount > 0 ? '+' : ''}${money(e.amount)}`}</bdi>
        </Typography.Text>
      ),
    },
    {
      title: t('ledger.balanceAfter'),
      key: 'after',
      align: 'end',
      width: 140,
      render: (_, e) => <bdi style={{ whiteSpace: 'nowrap' }}>{money(e.balanceAfter)}</bdi>,
    },
    {
      title: t('ledger.reason'),
      key: 'reason',
      render: (_, e) => (
        <Typography.Text ellipsis={{ tooltip: e.reason }} style={{ maxWidth: 320 }}>
          {e.reason ?? e.reference ?? '—'}
        </Typography.Text>
      ),
    },
    {
      title: t('ledger.by'),
      key: 'by',
      responsive: ['lg'],
      render: (_, e) =>
        e.userEmail ?? <Typography.Text type="secondary">{t('ledger.system')}</Typography.Text>,
    },
  ];

  return (
    <Card
      title={t('ledger.title')}
      styles={{ body: { padding: 0 } }}
      extra={
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('ledger.allKinds')}
          aria-label={t('ledger.kind')}
          value={kind}
          onChange={(k?: BalanceEntryKind) => {
            setKind(k);
            setIndex(0);
          }}
          options={BALANCE_ENTRY_KINDS.map((k) => ({ value: k, label: t(`balance.kinds.${k}`) }))}
        />
      }
    >
      <Table<BalanceEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={ledger.data?.items}
        loading={ledger.isFetching}
        scroll={{ x: 820 }}
        locale={{ emptyText: t('ledger.empty') }}
        pagination={useListPagination({ index, total: ledger.data?.total ?? 0 }, setIndex, {
          hideOnSinglePage: true,
        })}
        data-testid="driver-ledger"
      />
    </Card>
  );
}
