import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type ChargePoint, type Ok, type UpdateChargePointBody } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

export const updateChargePoint = (body: UpdateChargePointBody): Promise<ChargePoint> =>
  unwrap(apiClient.put<Ok<ChargePoint>>(API.chargePoints.save, body));

export function useUpdateChargePoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChargePoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all }),
  });
}
