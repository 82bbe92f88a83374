import { Alert, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useSearchView } from '../../../hooks/use-search-view';
import { useMapPoints } from '../api/get-map-points';
import { OperatorFilter } from '../components/dashboard-filters';
import { NetworkMap } from '../components/map/network-map';
import { StateFilter, StateLegend } from '../components/state-filter';
import { UpdatedAt } from '../components/updated-at';
import { MAP_STATES, type MapState } from '../lib/colors';

interface MapFilters {
  operatorId?: number;
  state?: MapState;
}

function filtersOf(params: URLSearchParams): MapFilters {
  const id = Number(params.get('operatorId'));
  const state = MAP_STATES.find((s) => s === params.get('state'));
  return { operatorId: Number.isInteger(id) && id > 0 ? id : undefined, state };
}

function paramsOf({ operatorId, state }: MapFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (operatorId) params.set('operatorId', String(operatorId));
  if (state) params.set('state', state);
  return params;
}

export default function MapPage() {
  const { t } = useTranslation('dashboards');
  const [{ operatorId, state }, setFilters] = useSearchView(filtersOf, paramsOf);
  const query = useMapPoints(operatorId, state);
  const points = query.data ?? [];

  return (
    <>
      <PageHeader
        title={t('map.title')}
        subtitle={t('map.subtitle')}
        extra={
          <>
            <UpdatedAt
              at={query.dataUpdatedAt}
              fetching={query.isFetching}
              failed={query.isRefetchError}
              onRefresh={() => void query.refetch()}
            />
            <OperatorFilter value={operatorId} onChange={(id) => setFilters({ operatorId: id })} />
            <StateFilter value={state} onChange={(s) => setFilters({ state: s })} />
          </>
        }
      />
      <Card styles={{ body: { padding: 12 } }}>
        <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
          <StateLegend points={points} />
          <Typography.Text type="secondary" data-testid="map-count">
            {t('map.count', { count: points.length })}
          </Typography.Text>
        </Flex>
        {query.isSuccess && points.length === 0 && (
          <Alert type="info" showIcon title={t('map.noPoints')} style={{ marginBottom: 12 }} />
        )}
        <NetworkMap points={points} fitKey={`${operatorId ?? ''}|${state ?? ''}`} label={t('map.label')} />
      </Card>
    </>
  );
}
