import { useQuery } from '@tanstack/react-query';
import { ALERTS_API, type Alert, type AlertState, type Ok, type Page } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** Alerts staff still have to see to: open and acknowledged (a resolved one is history). */
const UNRESOLVED: AlertState[] = ['open', 'acknowledged'];
/** A charger's page refreshes them as the Alerts screen does: the evaluator runs every 15 s. */
const REFRESH_MS = 30_000;
/** More than a charger ever holds at once; the Alerts screen has the rest. */
const SIZE = 20;

/** The charger's alerts in one state, newest first (the alerts list filtered by the charger's identity). */
const alertsIn = (chargePointId: string, state: AlertState): Promise<Page<Alert>> =>
  unwrap(apiClient.get<Ok<Page<Alert>>>(ALERTS_API.list, { params: { chargePointId, state, size: SIZE } }));

/** The alerts that hold the charger and are not resolved, open ones first. */
export async function getOpenAlerts(chargePointId: string): Promise<Alert[]> {
  const pages = await Promise.all(UNRESOLVED.map((state) => alertsIn(chargePointId, state)));
  return pages.flatMap((p) => p.items);
}

export const useOpenAlerts = (chargePointId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...chargePointKeys.all, 'openAlerts', chargePointId] as const,
    queryFn: () => getOpenAlerts(chargePointId),
    enabled,
    refetchInterval: REFRESH_MS,
  });
