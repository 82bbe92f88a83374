import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type ChargePointCredentials, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** A new Basic-auth password; the old one stops working at once. */
export const resetChargePointPassword = (id: number): Promise<ChargePointCredentials> =>
  unwrap(apiClient.post<Ok<ChargePointCredentials>>(API.chargePoints.resetPassword(id)));

export function useResetChargePointPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetChargePointPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all }),
  });
}
