import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SMART_CHARGING_API } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import { groupKeys } from './keys';

/** Deleting a group also clears the charging profiles Voltline set on its members. */
export const deleteGroup = async (id: number): Promise<void> => {
  await apiClient.delete(SMART_CHARGING_API.byId(id));
};

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: groupKeys.group(id) });
      return queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
    },
  });
}
