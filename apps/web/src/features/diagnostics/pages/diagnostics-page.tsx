import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useListView } from '../../../hooks/use-search-view';
import { useDiagnostics } from '../api/get-diagnostics';
import { DiagnosticsFilters } from '../components/diagnostics-filters';
import { DiagnosticsTable } from '../components/diagnostics-table';
import { RetentionSetting } from '../components/retention-setting';
import { filterFromParams, filterToParams } from '../filter-params';

export default function DiagnosticsPage() {
  const { t } = useTranslation('diagnostics');
  const {
    view: { index, filter },
    setFilter,
  } = useListView(filterFromParams, filterToParams);
  const list = useDiagnostics(index, filter);

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} extra={<RetentionSetting />} />
      <DiagnosticsFilters value={filter} onChange={(next) => setFilter(next)} />
      <Card styles={{ body: { padding: 0 } }} aria-label={t('title')}>
        <DiagnosticsTable page={list.data} loading={list.isFetching} onPage={(i) => setFilter(filter, i)} />
      </Card>
    </>
  );
}
