import { Button, Card, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { useFileDownload } from '../../../hooks/use-file-download';
import { useCan } from '../../../hooks/use-permission';
import { useListView } from '../../../hooks/use-search-view';
import { datedFileName } from '../../../lib/download';
import { exportBookings } from '../api/export-bookings';
import { useBookings } from '../api/get-bookings';
import { filterFromParams, filterToParams } from '../booking-rules';
import { BookingFilters } from '../components/booking-filters';
import { BookingTable } from '../components/booking-table';
import { BOOKING_ADD_PATH } from '../paths';

export default function BookingListPage() {
  const { t } = useTranslation('bookings');
  const navigate = useNavigate();
  const {
    view: { index, filter },
    setFilter,
  } = useListView(filterFromParams, filterToParams);
  const bookings = useBookings(index, filter);
  const excel = useFileDownload();
  const canWrite = useCan('bookings:write');

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={
          <Space wrap>
            {canWrite && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => void navigate(BOOKING_ADD_PATH)}
                data-testid="booking-add"
              >
                {t('list.add')}
              </Button>
            )}
            <DownloadButton
              progress={excel.progress}
              onClick={() => void excel.download((p) => exportBookings(filter, p), datedFileName('bookings'))}
            />
          </Space>
        }
      />
      <BookingFilters value={filter} onChange={(next) => setFilter(next)} />
      <Card styles={{ body: { padding: 0 } }} aria-label={t('list.title')}>
        <BookingTable
          page={bookings.data}
          loading={bookings.isPending || bookings.isPlaceholderData}
          onPage={(i) => setFilter(filter, i)}
        />
      </Card>
    </>
  );
}
