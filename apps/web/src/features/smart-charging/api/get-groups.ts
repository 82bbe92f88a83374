import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  SMART_CHARGING_API,
  type Ok,
  type Page,
  type SmartChargingGroup,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import type { GroupFilter } from '../filter-params';
import { groupKeys } from './keys';

export const getGroups = (index: number, filter: GroupFilter): Promise<Page<SmartChargingGroup>> =>
  unwrap(
    apiClient.get<Ok<Page<SmartChargingGroup>>>(SMART_CHARGING_API.base, {
      params: { index, size: PAGE_SIZE, ...filter },
    }),
  );

export const groupsQueryOptions = (index: number, filter: GroupFilter) =>
  queryOptions({
    queryKey: groupKeys.list(index, filter),
    queryFn: () => getGroups(index, filter),
    placeholderData: keepPreviousData,
  });

export const useGroups = (index: number, filter: GroupFilter) => useQuery(groupsQueryOptions(index, filter));
