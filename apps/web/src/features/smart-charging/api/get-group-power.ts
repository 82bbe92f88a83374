import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SMART_CHARGING_API, type GroupPowerSample, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { groupKeys } from './keys';

const POWER_REFRESH_MS = 15_000;

/** The group's power against its limit over the last `hours` (the server's samples). */
export const getGroupPower = (id: number, hours: number): Promise<GroupPowerSample[]> =>
  unwrap(
    apiClient.get<Ok<GroupPowerSample[]>>(SMART_CHARGING_API.power(id), {
      params: { from: new Date(Date.now() - hours * 3_600_000).toISOString() },
    }),
  );

export const groupPowerQueryOptions = (id: number, hours: number) =>
  queryOptions({
    queryKey: [...groupKeys.power(id), hours] as const,
    queryFn: () => getGroupPower(id, hours),
    placeholderData: keepPreviousData,
    refetchInterval: POWER_REFRESH_MS,
  });

export const useGroupPower = (id: number, hours: number) => useQuery(groupPowerQueryOptions(id, hours));
