import { useQuery } from '@tanstack/react-query';
import {
  MAX_PAGE_SIZE,
  SMART_CHARGING_API,
  type Ok,
  type Page,
  type SmartChargingGroup,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** The smart-charging groups in reach: what a bulk group membership change offers. */
export const getGroupList = (): Promise<Page<SmartChargingGroup>> =>
  unwrap(
    apiClient.get<Ok<Page<SmartChargingGroup>>>(SMART_CHARGING_API.base, {
      params: { index: 0, size: MAX_PAGE_SIZE },
    }),
  );

export const useGroupList = (enabled: boolean) =>
  useQuery({
    queryKey: [...chargePointKeys.all, 'groupList'] as const,
    queryFn: getGroupList,
    staleTime: 60_000,
    enabled,
  });
