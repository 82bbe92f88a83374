import { lazy } from 'react';
import { Alert, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useSearchView } from '../../../hooks/use-search-view';
import { useAnalytics } from '../api/get-analytics';
import { ChartCard } from '../components/chart-card';
import { OperatorFilter, RangeFilter } from '../components/dashboard-filters';
import { FigureCards } from '../components/figure-cards';
import { RankedList } from '../components/ranked-list';
import { RecentEvents } from '../components/recent-events';
import { StatusCards } from '../components/status-cards';
import { UpdatedAt } from '../components/updated-at';
import { UptimeCard } from '../components/uptime-card';
import { STATE_COLORS } from '../lib/colors';
import { percent } from '../lib/figures';
import { fillDays, filtersFromParams, filtersToParams } from '../lib/range';

const ConnectorDonut = lazy(() => import('../components/charts/connector-donut'));
const DailyChart = lazy(() => import('../components/charts/daily-chart'));
type Filters = ReturnType<typeof filtersFromParams>;
const formatFilters = ({ operatorId, range }: Filters) => filtersToParams(operatorId, range);
const zeroDay = (day: string) => ({ day, sessions: 0, energyWh: 0, revenue: 0 });

export default function AnalyticsPage() {
  const { t } = useTranslation('dashboards');
  const [{ operatorId, range }, setFilters] = useSearchView(filtersFromParams, formatFilters);
  const analytics = useAnalytics(operatorId, range);
  const { data } = analytics;
  const loading = analytics.isPending;

  return (
    <>
      <PageHeader
        title={t('analytics.title')}
        subtitle={t('analytics.subtitle')}
        extra={
          <>
            <UpdatedAt
              at={analytics.dataUpdatedAt}
              fetching={analytics.isFetching}
              failed={analytics.isRefetchError}
              onRefresh={() => void analytics.refetch()}
            />
            <OperatorFilter value={operatorId} onChange={(id) => setFilters({ operatorId: id })} />
            <RangeFilter value={range} onChange={(next) => setFilters({ range: next })} />
          </>
        }
      />
      {analytics.isError && !data && (
        <Alert type="error" showIcon title={t('analytics.loadFailed')} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <StatusCards data={data} loading={loading} />
        </Col>
        <Col span={24}>
          <FigureCards data={data} loading={loading} />
        </Col>
        <Col xs={24} xl={8}>
          <ChartCard
            title={t('analytics.connectors')}
            loading={loading}
            empty={!data?.connectors.length}
            testId="connectors-chart"
          >
            <ConnectorDonut connectors={data?.connectors ?? []} />
          </ChartCard>
        </Col>
        <Col xs={24} xl={16}>
          <ChartCard title={t('analytics.perDay')} loading={loading} empty={false} testId="daily-chart">
            <DailyChart days={fillDays(range, data?.perDay ?? [], zeroDay)} />
          </ChartCard>
        </Col>
        {(['top', 'bottom'] as const).map((side) => (
          <Col key={side} xs={24} lg={12} xl={8}>
            <Card
              title={t(side === 'top' ? 'analytics.utilisationTop' : 'analytics.utilisationBottom')}
              loading={loading}
              style={{ height: '100%' }}
            >
              <Typography.Paragraph type="secondary">
                {t('analytics.utilisationHelp', { value: percent(data?.utilisation.average ?? 0) })}
              </Typography.Paragraph>
              <RankedList
                items={data?.utilisation[side] ?? []}
                color={side === 'top' ? STATE_COLORS.charging : STATE_COLORS.offline}
                barLabel={(name) => t('analytics.utilisationOf', { name })}
                testId={`utilisation-${side}`}
              />
            </Card>
          </Col>
        ))}
        <Col xs={24} xl={8}>
          <UptimeCard uptime={data?.uptime} loading={loading} />
        </Col>
        <Col span={24}>
          <Card title={t('analytics.recentEvents')} styles={{ body: { padding: 0 } }}>
            <RecentEvents events={data?.recentEvents} loading={loading} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
