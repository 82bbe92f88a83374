import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Analytics, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { rangeInstants, type DayRange } from '../lib/range';
import { dashboardKeys } from './keys';

export const ANALYTICS_REFRESH_MS = 15_000;

/** Days are counted in the browser's time zone, so "today" is the operator's today. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const getAnalytics = (
  operatorId: number | undefined,
  range: DayRange,
  tz: string,
): Promise<Analytics> =>
  unwrap(
    apiClient.get<Ok<Analytics>>(API.analytics.dashboard, {
      params: { operatorId, ...rangeInstants(range), tz },
    }),
  );

export const analyticsQueryOptions = (operatorId: number | undefined, range: DayRange, tz: string) =>
  queryOptions({
    queryKey: dashboardKeys.analytics(operatorId, range, tz),
    queryFn: () => getAnalytics(operatorId, range, tz),
    placeholderData: keepPreviousData,
    refetchInterval: ANALYTICS_REFRESH_MS,
  });

export const useAnalytics = (operatorId: number | undefined, range: DayRange) =>
  useQuery(analyticsQueryOptions(operatorId, range, browserTimeZone()));
