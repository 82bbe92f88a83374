import { useMemo } from 'react';
import { Badge, Card, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { useFileDownload } from '../../../hooks/use-file-download';
import { useListView } from '../../../hooks/use-search-view';
import { datedFileName } from '../../../lib/download';
import { exportSessions } from '../api/export-sessions';
import { useSessions } from '../api/get-sessions';
import { useBulkSelection } from '../../../components/bulk/use-bulk-selection';
import { SessionBulk } from '../components/session-bulk';
import { SessionDrawer } from '../components/session-drawer';
import { SessionFilters } from '../components/session-filters';
import { SessionTable } from '../components/session-table';
import { SessionTotals } from '../components/session-totals';
import { StaleRuleNote } from '../components/stale-rule-note';
import { requestFilter, viewFromParams, viewToParams, type SessionTab } from '../filter-params';

export default function SessionsPage() {
  const { t } = useTranslation('sessions');
  const { view, update: go, setFilter } = useListView(viewFromParams, viewToParams);
  const filter = useMemo(() => requestFilter(view), [view]);
  const sessions = useSessions(view.index, filter);
  const excel = useFileDownload();
  const live = view.tab === 'active';
  const bulk = useBulkSelection(filter, sessions.data);

  // Totals carry no currency; sessions are billed in their tariff's, so take it from the page.
  const currency = sessions.data?.items.find((s) => s.currency)?.currency ?? 'TRY';

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={<StaleRuleNote />}
        extra={
          <DownloadButton
            progress={excel.progress}
            onClick={() =>
              void excel.download(
                (p) => exportSessions(filter, live, p),
                datedFileName(live ? 'active-sessions' : 'sessions'),
              )
            }
          />
        }
      />
      <Tabs
        activeKey={view.tab}
        onChange={(tab) => go({ tab: tab as SessionTab, index: 0, sessionId: undefined })}
        items={[
          {
            key: 'active',
            label: (
              <Flex gap={8} align="center">
                <Badge status={live ? 'processing' : 'default'} />
                {t('tabs.active')}
              </Flex>
            ),
          },
          { key: 'all', label: t('tabs.all') },
        ]}
        data-testid="session-tabs"
      />
      <SessionFilters value={view.filter} showState={!live} onChange={(f) => setFilter(f)} />
      <SessionTotals totals={sessions.data?.totals} currency={currency} loading={sessions.isPending} />
      <SessionBulk state={bulk} live={live} />
      <Card styles={{ body: { padding: 0 } }} aria-label={t('list.title')}>
        <SessionTable
          rowSelection={bulk.rowSelection}
          page={sessions.data}
          live={live}
          loading={live ? sessions.isPending : sessions.isFetching}
          onPage={(index) => go({ index })}
          onOpen={(s) => go({ sessionId: s.id })}
        />
      </Card>
      <SessionDrawer sessionId={view.sessionId} onClose={() => go({ sessionId: undefined })} />
    </>
  );
}
