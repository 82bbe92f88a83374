import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type ChargePointCredentials, type CreateChargePointBody, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** Answers with the OCPP URL and password, which the server never shows again. */
export const createChargePoint = (body: CreateChargePointBody): Promise<ChargePointCredentials> =>
  unwrap(apiClient.post<Ok<ChargePointCredentials>>(API.chargePoints.save, body));

export function useCreateChargePoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChargePoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all }),
  });
}
