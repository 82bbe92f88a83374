import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SMART_CHARGING_API,
  type Ok,
  type SmartChargingGroup,
  type SmartChargingGroupUpdate,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { groupKeys } from './keys';

export const updateGroup = ({
  id,
  body,
}: {
  id: number;
  body: SmartChargingGroupUpdate;
}): Promise<SmartChargingGroup> =>
  unwrap(apiClient.put<Ok<SmartChargingGroup>>(SMART_CHARGING_API.byId(id), body));

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(groupKeys.settings(group.id), group);
      return queryClient.invalidateQueries({ queryKey: groupKeys.all });
    },
  });
}
