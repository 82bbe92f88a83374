import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import { tariffKeys } from './keys';

/** The server refuses (409) a tariff that sessions or connectors use: it must be retired instead. */
export const deleteTariff = async (id: number): Promise<void> => {
  await apiClient.delete(API.tariffs.byId(id));
};

export function useDeleteTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTariff,
    onSuccess: (_, id) => {
      // Marked stale, not removed: the detail screen is still open until the caller leaves it, and
      // a removed query would be fetched again for it, answering 404 with an error notice.
      void queryClient.invalidateQueries({ queryKey: tariffKeys.detail(id), refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: tariffKeys.lists() });
    },
  });
}
