import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type Ok, type SessionFilter, type SessionPage } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { LIVE_REFRESH_MS, sessionKeys } from './keys';

/** A page of sessions and the totals of everything the filter matches. */
export const getSessions = (index: number, filter: SessionFilter): Promise<SessionPage> =>
  unwrap(
    apiClient.post<Ok<SessionPage>>(API.sessions.dynamic, filter, { params: { index, size: PAGE_SIZE } }),
  );

export const sessionsQueryOptions = (index: number, filter: SessionFilter) =>
  queryOptions({
    queryKey: sessionKeys.list(index, filter),
    queryFn: () => getSessions(index, filter),
    placeholderData: keepPreviousData,
    // Running sessions change by the second; the Active tab follows them.
    refetchInterval: filter.active ? LIVE_REFRESH_MS : false,
  });

export const useSessions = (index: number, filter: SessionFilter) =>
  useQuery(sessionsQueryOptions(index, filter));
