import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API,
  PAGE_SIZE,
  type ChargePoint,
  type ChargePointFilter,
  type Ok,
  type Page,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys, LIVE_INTERVAL_MS, type DeviceList } from './keys';

const PATHS: Record<DeviceList, string> = {
  // The server's active list is the accepted, unarchived charge points.
  active: API.chargePoints.activeDynamic,
  // Inactive: not archived, registration pending or rejected.
  inactive: API.chargePoints.inactiveDynamic,
  archived: API.chargePoints.deletedDynamic,
  all: API.chargePoints.allDynamic,
};

/** The body the list sends; an export also names the list it covers. */
export function listFilter(kind: DeviceList, filter: ChargePointFilter): ChargePointFilter {
  return { ...filter, list: kind };
}

export const getChargePoints = (
  kind: DeviceList,
  index: number,
  filter: ChargePointFilter,
): Promise<Page<ChargePoint>> =>
  unwrap(
    apiClient.post<Ok<Page<ChargePoint>>>(PATHS[kind], listFilter(kind, filter), {
      params: { index, size: PAGE_SIZE },
    }),
  );

export const chargePointsQueryOptions = (kind: DeviceList, index: number, filter: ChargePointFilter) =>
  queryOptions({
    queryKey: chargePointKeys.list(kind, index, filter),
    queryFn: () => getChargePoints(kind, index, filter),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_INTERVAL_MS,
  });

export const useChargePoints = (kind: DeviceList, index: number, filter: ChargePointFilter) =>
  useQuery(chargePointsQueryOptions(kind, index, filter));
