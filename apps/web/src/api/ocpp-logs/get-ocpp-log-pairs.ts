import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type OcppLogPair, type Ok, type Page } from '@voltline/contract';
import { apiClient, unwrap } from '../../lib/api-client';
import { LIVE_LOG_INTERVAL_MS, ocppLogKeys, type OcppLogFilter } from './keys';

/** Each CALL with the answer it got (or none yet). */
export const getOcppLogPairs = (filter: OcppLogFilter, index: number): Promise<Page<OcppLogPair>> =>
  unwrap(
    apiClient.get<Ok<Page<OcppLogPair>>>(API.ocppLogs.pairs, {
      params: { ...filter, index, size: PAGE_SIZE },
    }),
  );

export const ocppLogPairsQueryOptions = (filter: OcppLogFilter, index: number, live: boolean) =>
  queryOptions({
    queryKey: ocppLogKeys.pairs(filter, index),
    queryFn: () => getOcppLogPairs(filter, index),
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_LOG_INTERVAL_MS : false,
  });

export const useOcppLogPairs = (filter: OcppLogFilter, index: number, live: boolean, enabled = true) =>
  useQuery({ ...ocppLogPairsQueryOptions(filter, index, live), enabled });
