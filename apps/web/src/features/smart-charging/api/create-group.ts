import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SMART_CHARGING_API,
  type NewSmartChargingGroup,
  type Ok,
  type SmartChargingGroup,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { groupKeys } from './keys';

export const createGroup = (body: NewSmartChargingGroup): Promise<SmartChargingGroup> =>
  unwrap(apiClient.post<Ok<SmartChargingGroup>>(SMART_CHARGING_API.base, body));

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
