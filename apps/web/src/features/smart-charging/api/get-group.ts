import { queryOptions, useQuery } from '@tanstack/react-query';
import { SMART_CHARGING_API, type Ok, type SmartChargingGroup } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { groupKeys } from './keys';

export const getGroup = (id: number): Promise<SmartChargingGroup> =>
  unwrap(apiClient.get<Ok<SmartChargingGroup>>(SMART_CHARGING_API.byId(id)));

export const groupQueryOptions = (id: number) =>
  queryOptions({
    queryKey: groupKeys.settings(id),
    queryFn: () => getGroup(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useGroup = (id: number) => useQuery(groupQueryOptions(id));
