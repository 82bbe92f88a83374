import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  UPTIME_API,
  type ChargePointUptime,
  type NewUptimeExclusion,
  type Ok,
  type UptimeExclusion,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

const uptimeKeys = {
  figures: (id: number, from: string, to: string) =>
    [...chargePointKeys.all, 'uptime', id, from, to] as const,
  exclusions: (id: number) => [...chargePointKeys.all, 'uptime', id, 'exclusions'] as const,
};

/** The charge point's connectors by 23 CFR 680.116(b) over [from, to). */
export const getChargePointUptime = (id: number, from: string, to: string) =>
  unwrap(apiClient.get<Ok<ChargePointUptime>>(UPTIME_API.chargePoint(id), { params: { from, to } }));

export const useChargePointUptime = (id: number, from: string, to: string) =>
  useQuery(
    queryOptions({
      queryKey: uptimeKeys.figures(id, from, to),
      queryFn: () => getChargePointUptime(id, from, to),
    }),
  );

export const getUptimeExclusions = (id: number) =>
  unwrap(apiClient.get<Ok<UptimeExclusion[]>>(UPTIME_API.exclusions(id)));

export const useUptimeExclusions = (id: number) =>
  useQuery(queryOptions({ queryKey: uptimeKeys.exclusions(id), queryFn: () => getUptimeExclusions(id) }));

/** Added and deleted exclusions change the figures too: both are under the charge point's uptime key. */
const invalidate = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: [...chargePointKeys.all, 'uptime'] });

export function useAddUptimeExclusion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewUptimeExclusion) =>
      unwrap(apiClient.post<Ok<UptimeExclusion>>(UPTIME_API.exclusions(id), body)),
    onSuccess: () => invalidate(queryClient),
  });
}

export function useDeleteUptimeExclusion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (exclusionId: number) => {
      await apiClient.delete(UPTIME_API.exclusion(exclusionId));
    },
    onSuccess: () => invalidate(queryClient),
  });
}
