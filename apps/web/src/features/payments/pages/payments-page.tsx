import { useState } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Payment } from '@voltline/contract';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { useFileDownload } from '../../../hooks/use-file-download';
import { useListView } from '../../../hooks/use-search-view';
import { useCan } from '../../../hooks/use-permission';
import { datedFileName } from '../../../lib/download';
import { exportPayments } from '../api/export-payments';
import { usePayments } from '../api/get-payments';
import { PaymentFilters } from '../components/payment-filters';
import { PaymentTable } from '../components/payment-table';
import { RefundDialog } from '../components/refund-dialog';
import { filterFromParams, filterToParams } from '../filter-params';

export default function PaymentsPage() {
  const { t } = useTranslation('payments');
  const canRefund = useCan('payments:refund');
  const {
    view: { index, filter },
    setFilter,
  } = useListView(filterFromParams, filterToParams);
  const payments = usePayments(index, filter);
  const excel = useFileDownload();
  const [refunding, setRefunding] = useState<Payment | null>(null);

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={
          <DownloadButton
            progress={excel.progress}
            onClick={() => void excel.download((p) => exportPayments(filter, p), datedFileName('payments'))}
          />
        }
      />
      <PaymentFilters value={filter} onChange={(next) => setFilter(next)} />
      <Card styles={{ body: { padding: 0 } }} aria-label={t('list.title')}>
        <PaymentTable
          page={payments.data}
          loading={payments.isFetching}
          canRefund={canRefund}
          onPage={(i) => setFilter(filter, i)}
          onRefund={setRefunding}
        />
      </Card>
      {canRefund && refunding && (
        <RefundDialog key={refunding.id} payment={refunding} onClose={() => setRefunding(null)} />
      )}
    </>
  );
}
