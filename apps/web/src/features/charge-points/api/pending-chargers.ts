import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type Ok, type PendingChargePointList } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

const pendingKey = [...chargePointKeys.all, 'pending'] as const;

/** Unknown chargers waiting for approval; an Admin's reach holds them, everyone else's none. */
export const getPendingChargers = (): Promise<PendingChargePointList> =>
  unwrap(apiClient.get<Ok<PendingChargePointList>>(API.chargePoints.pending));

export const usePendingChargers = () =>
  useQuery({ queryKey: pendingKey, queryFn: getPendingChargers, refetchInterval: 10_000 });

export function useApprovePendingCharger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; operatorId: number; name?: string }) =>
      unwrap(
        apiClient.post<Ok<{ id: number; chargePointId: string }>>(API.chargePoints.approvePending, body),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all }),
  });
}

export function useDeletePendingCharger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiClient.post(API.chargePoints.rejectPending, { id });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pendingKey }),
  });
}
