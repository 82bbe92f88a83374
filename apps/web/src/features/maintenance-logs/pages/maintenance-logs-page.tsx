import { useState } from 'react';
import { Button, Card, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { exportMaintenanceLogs } from '../../../api/maintenance/export-maintenance-logs';
import { useMaintenanceLogs } from '../../../api/maintenance/get-maintenance-logs';
import { DownloadButton } from '../../../components/download-button';
import { MaintenanceFormModal } from '../../../components/maintenance/maintenance-form-modal';
import { MaintenanceTable } from '../../../components/maintenance/maintenance-table';
import { PageHeader } from '../../../components/page-header';
import { useFileDownload } from '../../../hooks/use-file-download';
import { useCan } from '../../../hooks/use-permission';
import { useListView } from '../../../hooks/use-search-view';
import { datedFileName } from '../../../lib/download';
import { MaintenanceFilters } from '../components/maintenance-filters';
import { filterFromParams, filterToParams } from '../filter-params';

export default function MaintenanceLogsPage() {
  const { t } = useTranslation('maintenance');
  const {
    view: { index, filter },
    setFilter,
  } = useListView(filterFromParams, filterToParams);
  const logs = useMaintenanceLogs(index, filter);
  const excel = useFileDownload();
  const canWrite = useCan('logs:write');
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        extra={
          <Space wrap>
            {canWrite && (
              <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="maintenance-add">
                {t('add')}
              </Button>
            )}
            <DownloadButton
              progress={excel.progress}
              onClick={() =>
                void excel.download((p) => exportMaintenanceLogs(filter, p), datedFileName('maintenance-log'))
              }
            />
          </Space>
        }
      />
      <MaintenanceFilters value={filter} onChange={(next) => setFilter(next)} />
      <Card styles={{ body: { padding: 0 } }} aria-label={t('title')}>
        <MaintenanceTable
          page={logs.data}
          loading={logs.isPending || logs.isPlaceholderData}
          onPage={(i) => setFilter(filter, i)}
          testId="maintenance-table"
        />
      </Card>
      <MaintenanceFormModal open={adding} entry={null} onClose={() => setAdding(false)} />
    </>
  );
}
