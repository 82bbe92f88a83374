import { useState } from 'react';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../hooks/use-permission';
import { useListView } from '../../../hooks/use-search-view';
import { useAlerts } from '../api/get-alerts';
import { AlertFilters } from '../components/alert-filters';
import { AlertTable } from '../components/alert-table';
import { RuleSection } from '../components/rule-section';
import { filterFromParams, filterToParams } from '../filter-params';

/** The operations console: alerts by state, operator and charger; their rules for those who may change them. */
export default function AlertsPage() {
  const { t } = useTranslation('alerts');
  const canWrite = useCan('alerts:write');
  const [tab, setTab] = useState<'alerts' | 'rules'>('alerts');
  const {
    view: { index, filter },
    setFilter,
  } = useListView(filterFromParams, filterToParams);
  const alerts = useAlerts({ ...filter, index });

  const list = (
    <>
      <AlertFilters value={filter} onChange={(next) => setFilter(next)} />
      <Card styles={{ body: { padding: 0 } }} aria-label={t('list.title')}>
        <AlertTable
          page={alerts.data}
          loading={alerts.isPending || alerts.isPlaceholderData}
          onPage={(i) => setFilter(filter, i)}
        />
      </Card>
    </>
  );

  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} />
      {canWrite ? (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as 'alerts' | 'rules')}
          items={[
            { key: 'alerts', label: t('tabs.alerts'), children: list },
            { key: 'rules', label: t('tabs.rules'), children: <RuleSection /> },
          ]}
        />
      ) : (
        list
      )}
    </>
  );
}
