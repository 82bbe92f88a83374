import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { exportSecurityEvents } from '../../../api/security/export-security-events';
import { useSecurityEvents } from '../../../api/security/get-security-events';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { SecurityEventTable } from '../../../components/security/security-event-table';
import { useFileDownload } from '../../../hooks/use-file-download';
import { useListView } from '../../../hooks/use-search-view';
import { datedFileName } from '../../../lib/download';
import { SecurityEventFilters } from '../components/security-event-filters';
import { filterFromParams, filterToParams } from '../filter-params';

/** The network's security events (SecurityEventNotification), critical ones in red. */
export default function SecurityEventsPage() {
  const { t } = useTranslation('security');
  const {
    view: { index, filter },
    setFilter,
  } = useListView(filterFromParams, filterToParams);
  const events = useSecurityEvents(index, filter);
  const excel = useFileDownload();

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        extra={
          <DownloadButton
            progress={excel.progress}
            onClick={() =>
              void excel.download((p) => exportSecurityEvents(filter, p), datedFileName('security-events'))
            }
          />
        }
      />
      <SecurityEventFilters value={filter} onChange={(next) => setFilter(next)} />
      <Card styles={{ body: { padding: 0 } }} aria-label={t('title')}>
        <SecurityEventTable
          page={events.data}
          loading={events.isPending || events.isPlaceholderData}
          onPage={(i) => setFilter(filter, i)}
          testId="security-events-table"
        />
      </Card>
    </>
  );
}
