import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuditLogTable } from '../../../components/audit/audit-log-table';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { useFileDownload } from '../../../hooks/use-file-download';
import { useListView } from '../../../hooks/use-search-view';
import { datedFileName } from '../../../lib/download';
import { exportAuditLogs } from '../api/export-audit-logs';
import { useAuditLogs } from '../api/get-audit-logs';
import { AuditFilters } from '../components/audit-filters';
import { filterFromParams, filterToParams } from '../filter-params';

export default function AuditLogsPage() {
  const { t } = useTranslation('auditLogs');
  const {
    view: { index, filter },
    setFilter,
  } = useListView(filterFromParams, filterToParams);
  const logs = useAuditLogs(index, filter);
  const excel = useFileDownload();

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        extra={
          <DownloadButton
            progress={excel.progress}
            onClick={() => void excel.download((p) => exportAuditLogs(filter, p), datedFileName('audit-log'))}
          />
        }
      />
      <AuditFilters value={filter} onChange={(next) => setFilter(next)} />
      <Card styles={{ body: { padding: 0 } }} aria-label={t('title')}>
        <AuditLogTable
          page={logs.data}
          loading={logs.isFetching}
          onPage={(i) => setFilter(filter, i)}
          testId="audit-log-table"
        />
      </Card>
    </>
  );
}
