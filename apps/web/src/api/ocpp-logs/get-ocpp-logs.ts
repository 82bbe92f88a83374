import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type OcppLogEntry, type Ok, type Page } from '@voltline/contract';
import { apiClient, unwrap } from '../../lib/api-client';
import { LIVE_LOG_INTERVAL_MS, ocppLogKeys, type OcppLogFilter } from './keys';

/** Frames newest first, each on its own. */
export const getOcppLogs = (filter: OcppLogFilter, index: number): Promise<Page<OcppLogEntry>> =>
  unwrap(
    apiClient.get<Ok<Page<OcppLogEntry>>>(API.ocppLogs.list, {
      params: { ...filter, index, size: PAGE_SIZE },
    }),
  );

export const ocppLogsQueryOptions = (filter: OcppLogFilter, index: number, live: boolean) =>
  queryOptions({
    queryKey: ocppLogKeys.entries(filter, index),
    queryFn: () => getOcppLogs(filter, index),
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_LOG_INTERVAL_MS : false,
  });

export const useOcppLogs = (filter: OcppLogFilter, index: number, live: boolean, enabled = true) =>
  useQuery({ ...ocppLogsQueryOptions(filter, index, live), enabled });
