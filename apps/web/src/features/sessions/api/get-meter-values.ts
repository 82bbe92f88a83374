import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type MeterPoint, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { LIVE_REFRESH_MS, sessionKeys } from './keys';

export const getMeterValues = (id: number): Promise<MeterPoint[]> =>
  unwrap(apiClient.get<Ok<MeterPoint[]>>(API.sessions.meterValues(id)));

/** The session's meter readings; followed live while the session runs. */
export const meterValuesQueryOptions = (id: number, live: boolean) =>
  queryOptions({
    queryKey: sessionKeys.meterValues(id),
    queryFn: () => getMeterValues(id),
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });

export const useMeterValues = (id: number, live: boolean) => useQuery(meterValuesQueryOptions(id, live));
