import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type ChargePointCredentials, type CreateChargePointBody, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/**
 * A new Basic-auth password, the one given (SetChargerPasswordBody) or one the server generates;
 * the old one stops working at once.
 */
export const resetChargePointPassword = ({
  id,
  password,
}: {
  id: number;
  password?: CreateChargePointBody['password'];
}): Promise<ChargePointCredentials> =>
  unwrap(
    apiClient.post<Ok<ChargePointCredentials>>(
      API.chargePoints.resetPassword(id),
      password === undefined ? {} : { password },
    ),
  );

export function useResetChargePointPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetChargePointPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all }),
  });
}
