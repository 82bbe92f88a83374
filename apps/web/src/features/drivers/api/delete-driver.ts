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
      queryClient.removeQueries({ queryKey: driverKeys.driver(id) });
      return queryClient.invalidateQueries({ queryKey: driverKeys.lists() });
    },
  });
}
