import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import { userKeys } from './keys';

export const deleteUser = async (id: number): Promise<void> => {
  await apiClient.delete(API.users.byId(id));
};

/**
 * Forgets a deleted user's record and activity. Only what no screen shows is removed: a screen
 * still showing the user would fetch it again at once and report it as not found.
 */
export function forgetUser(queryClient: QueryClient, id: number, type: 'inactive' | 'all' = 'inactive') {
  queryClient.removeQueries({ queryKey: userKeys.detail(id), type });
  queryClient.removeQueries({ queryKey: userKeys.auditOf(id), type });
}

/** The detail screen leaves for the list on success and forgets the user once it has left. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_, id) => {
      forgetUser(queryClient, id);
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
