import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceFirmware } from '@voltline/contract';
import { DownloadButton } from '../../../components/download-button';
import { useListTableProps } from '../../../components/list-table/columns';
import { useListPagination } from '../../../components/list-table/pagination';
import { PageHeader } from '../../../components/page-header';
import { useFileDownload } from '../../../hooks/use-file-download';
import { useListView } from '../../../hooks/use-search-view';
import { datedFileName } from '../../../lib/download';
import { CAMPAIGN_POLL_MS } from '../../../api/firmware/keys';
import { exportDeviceFirmware } from '../api/export-device-firmware';
import { useDeviceFirmware } from '../api/get-device-firmware';
import { deviceFirmwareColumns } from '../components/device-firmware-columns';
import { DeviceFilters } from '../components/device-filters';
import { filterFromParams, filterToParams } from '../filter-params';

/** `/management/device/firmware`: every charger's firmware and its last update, with Excel. */
export default function DeviceFirmwarePage() {
  const { t, i18n } = useTranslation('firmware');
  const {
    view: { index, filter },
    update,
    setFilter,
  } = useListView(filterFromParams, filterToParams);
  // Firmware states change on the chargers' side, as in the charge point list.
  const devices = useDeviceFirmware(index, filter, CAMPAIGN_POLL_MS);
  const excel = useFileDownload();
  const columns = deviceFirmwareColumns(t, i18n.language, { withStatus: true });

  return (
    <>
      <PageHeader
        title={t('devices.title')}
        subtitle={t('devices.subtitle')}
        extra={
          <DownloadButton
            progress={excel.progress}
            onClick={() =>
              void excel.download((p) => exportDeviceFirmware(filter, p), datedFileName('charger-firmware'))
            }
          />
        }
      />
      <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 16 } }}>
        <DeviceFilters value={filter} onChange={(next) => setFilter(next)} testPrefix="fw-devices" />
      </Card>
      <Card styles={{ body: { padding: 0 } }} aria-label={t('devices.title')}>
        <Table<DeviceFirmware>
          rowKey="chargePointId"
          columns={columns}
          dataSource={devices.data?.items}
          loading={devices.isPending}
          {...useListTableProps(columns)}
          pagination={useListPagination(devices.data, (i) => update({ index: i }))}
          data-testid="fw-device-table"
        />
      </Card>
    </>
  );
}
