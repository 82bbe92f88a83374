import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type ChargePoint, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

export const unarchiveChargePoint = (chargePointId: string): Promise<ChargePoint> =>
  unwrap(
    apiClient.put<Ok<ChargePoint>>(API.chargePoints.unarchive, null, {
      params: { chargePointID: chargePointId },
    }),
  );

export function useUnarchiveChargePoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unarchiveChargePoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all }),
  });
}
