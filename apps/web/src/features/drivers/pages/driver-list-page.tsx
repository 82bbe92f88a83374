import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { useFileDownload } from '../../../hooks/use-file-download';
import { useListView } from '../../../hooks/use-search-view';
import { useCan } from '../../../hooks/use-permission';
import { datedFileName } from '../../../lib/download';
import { exportDrivers } from '../api/export-drivers';
import { useDrivers } from '../api/get-drivers';
import { DriverFilters } from '../components/driver-filters';
import { DriverTable } from '../components/driver-table';
import { DriverBulk } from '../components/driver-bulk';
import { useBulkSelection } from '../../../components/bulk/use-bulk-selection';
import type { Driver } from '@voltline/contract';
import { filterFromParams, filterToParams } from '../filter-params';
import { DRIVERS_PATH } from '../paths';

export default function DriverListPage() {
  const { t } = useTranslation('drivers');
  const navigate = useNavigate();
  const canWrite = useCan('drivers:write');
  const {
    view: { index, filter },
    setFilter,
  } = useListView(filterFromParams, filterToParams);
  const drivers = useDrivers(index, filter);
  const excel = useFileDownload();

  const { sortBy: _sortBy, sortOrder: _sortOrder, ...filters } = filter;
  // Sorting keeps the selection: only what the filter matches names the rows.
  const bulk = useBulkSelection<Driver, typeof filters>(filters, drivers.data);

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={
          <>
            <DownloadButton
              progress={excel.progress}
              onClick={() => void excel.download((p) => exportDrivers(filter, p), datedFileName('drivers'))}
            />
            {canWrite && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => void navigate(`${DRIVERS_PATH}/add`)}
              >
                {t('list.add')}
              </Button>
            )}
          </>
        }
      />
      <DriverFilters
        value={filters}
        onChange={(next) => setFilter({ ...next, sortBy: filter.sortBy, sortOrder: filter.sortOrder })}
      />
      <DriverBulk state={bulk} />
      <Card styles={{ body: { padding: 0 } }} aria-label={t('list.title')}>
        <DriverTable
          rowSelection={bulk.rowSelection}
          page={drivers.data}
          loading={drivers.isFetching}
          filter={filter}
          onChange={(i, sort) => setFilter({ ...filters, ...sort }, i)}
        />
      </Card>
    </>
  );
}
