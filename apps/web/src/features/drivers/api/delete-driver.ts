import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import { driverKeys } from './keys';

export const deleteDriver = async (id: number): Promise<void> => {
  await apiClient.delete(API.drivers.byId(id));
};

export function useDeleteDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDriver,
    onSuccess: (_, id) => {
      // Marked stale, not removed: the detail screen is still open until the caller leaves it, and
      // a removed query would be fetched again for it, answering 404 with an error notice.
      void queryClient.invalidateQueries({ queryKey: driverKeys.driver(id), refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: driverKeys.lists() });
    },
  });
}
