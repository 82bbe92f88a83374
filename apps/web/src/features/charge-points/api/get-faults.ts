import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type FaultPeriod, type Ok, type Page } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys, LIVE_INTERVAL_MS } from './keys';

export const getFaults = (id: number, index: number): Promise<Page<FaultPeriod>> =>
  unwrap(
    apiClient.get<Ok<Page<FaultPeriod>>>(API.chargePoints.faults(id), {
      params: { index, size: PAGE_SIZE },
    }),
  );

export const faultsQueryOptions = (id: number, index: number) =>
  queryOptions({
    queryKey: chargePointKeys.faults(id, index),
    queryFn: () => getFaults(id, index),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_INTERVAL_MS,
  });

/** A charge point's faults, newest first. */
export const useFaults = (id: number, index: number) => useQuery(faultsQueryOptions(id, index));
