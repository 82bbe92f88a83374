import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, type MapPoint, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import type { MapState } from '../lib/colors';
import { dashboardKeys } from './keys';

export const MAP_REFRESH_MS = 10_000;

export const getMapPoints = (
  operatorId: number | undefined,
  state: MapState | undefined,
): Promise<MapPoint[]> =>
  unwrap(apiClient.get<Ok<MapPoint[]>>(API.analytics.map, { params: { operatorId, state } }));

export const mapPointsQueryOptions = (operatorId: number | undefined, state: MapState | undefined) =>
  queryOptions({
    queryKey: dashboardKeys.map(operatorId, state),
    queryFn: () => getMapPoints(operatorId, state),
    placeholderData: keepPreviousData,
    refetchInterval: MAP_REFRESH_MS,
  });

export const useMapPoints = (operatorId: number | undefined, state: MapState | undefined) =>
  useQuery(mapPointsQueryOptions(operatorId, state));
