import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** Only a connector without history can be deleted (409 otherwise: archive it instead). */
export const deleteConnector = async (id: number): Promise<void> => {
  await apiClient.delete(API.connectors.base, { params: { id } });
};

export function useDeleteConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConnector,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all }),
  });
}
