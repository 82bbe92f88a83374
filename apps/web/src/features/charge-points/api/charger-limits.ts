import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  type ChargerLimits,
  type Ok,
  type ProfileReportAsked,
  type ProfileReportBody,
  type ReportedProfiles,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys, LIVE_INTERVAL_MS } from './keys';

const reportedKey = (id: number) => [...chargePointKeys.all, 'reportedProfiles', id] as const;
const limitsKey = (id: number) => [...chargePointKeys.all, 'chargingLimits', id] as const;

/** The profiles the charger last reported holding (K09), with who installed each. */
export const getReportedProfiles = (id: number): Promise<ReportedProfiles> =>
  unwrap(apiClient.get<Ok<ReportedProfiles>>(API.chargePoints.profilesReported(id)));

/** Limits external systems set on the charger (K12) and what cars asked for (K15, K17). */
export const getChargerLimits = (id: number): Promise<ChargerLimits> =>
  unwrap(apiClient.get<Ok<ChargerLimits>>(API.chargePoints.chargingLimits(id)));

/** Asks the charger for its profiles (GetChargingProfiles); the API client says its answer, refusals as refusals. */
export const askProfileReport = (id: number, body: ProfileReportBody): Promise<ProfileReportAsked> =>
  unwrap(apiClient.post<Ok<ProfileReportAsked>>(API.chargePoints.profilesReport(id), body));

/** Polled while a report is on its way. */
export const useReportedProfiles = (id: number, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: reportedKey(id),
      queryFn: () => getReportedProfiles(id),
      enabled,
      refetchInterval: (q) => (q.state.data?.awaitingReport ? LIVE_INTERVAL_MS : false),
    }),
  );

/** External limits and car needs change on the charger's side: polled. */
export const useChargerLimits = (id: number) =>
  useQuery(
    queryOptions({
      queryKey: limitsKey(id),
      queryFn: () => getChargerLimits(id),
      refetchInterval: LIVE_INTERVAL_MS,
    }),
  );

export function useAskProfileReport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileReportBody) => askProfileReport(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportedKey(id) }),
  });
}
