import { queryOptions, useQuery } from '@tanstack/react-query';
import { SMART_CHARGING_API, type Ok, type SmartChargingGroupDetail } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { groupKeys, LIVE_MS } from './keys';

export const getGroupDetail = (id: number): Promise<SmartChargingGroupDetail> =>
  unwrap(apiClient.get<Ok<SmartChargingGroupDetail>>(SMART_CHARGING_API.detail(id)));

/** The group with its live allocation, asked for again every few seconds while the screen is open. */
export const groupDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: groupKeys.detail(id),
    queryFn: () => getGroupDetail(id),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: LIVE_MS,
  });

export const useGroupDetail = (id: number) => useQuery(groupDetailQueryOptions(id));
