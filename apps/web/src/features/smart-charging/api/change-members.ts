import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SMART_CHARGING_API, type GroupMembersChange } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import { groupKeys } from './keys';

/** Adds charge points to a group, or removes them (which clears the profiles Voltline set on them). */
export const changeMembers = async ({
  change,
  ...body
}: GroupMembersChange & { change: 'add' | 'remove' }): Promise<void> => {
  const path = change === 'add' ? SMART_CHARGING_API.addChargePoints : SMART_CHARGING_API.removeChargePoints;
  await apiClient.post(path, body);
};

export function useChangeMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMembers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
