import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** Archives (history is kept); the server refuses with 409 while a session runs. */
export const archiveChargePoint = async (id: number): Promise<void> => {
  await apiClient.delete(API.chargePoints.byId(id));
};

export function useArchiveChargePoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveChargePoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all }),
  });
}
