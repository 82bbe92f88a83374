import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  API,
  type ChargePointLight,
  type Driver,
  type Ok,
  type OperatorSummary,
  type Page,
  type Permission,
} from '@voltline/contract';
import { apiClient, unwrap } from '../lib/api-client';
import { useCan } from '../hooks/use-permission';

// Lookups that feed the report filters. Charge points and drivers need their area's read
// permission, so a role without it (a Site Safety Officer has no driver list) gets no request
// and no filter.
const FIVE_MINUTES = 5 * 60_000;

export const getOperatorLookup = (): Promise<OperatorSummary[]> =>
  unwrap(apiClient.get<Ok<OperatorSummary[]>>(API.operators.lookup, { silent: true }));
export const getChargePointLookup = (): Promise<ChargePointLight[]> =>
  unwrap(apiClient.get<Ok<ChargePointLight[]>>(API.chargePoints.lightweight, { silent: true }));
/** The first drivers in reach whose name, e-mail, phone or card matches `search`. */
export const searchDrivers = async (search: string): Promise<Driver[]> =>
  (
    await unwrap(
      apiClient.post<Ok<Page<Driver>>>(
        API.drivers.dynamic,
        { search: search || undefined, sortBy: 'name', sortOrder: 'asc' },
        { params: { index: 0, size: DRIVER_MATCHES }, silent: true },
      ),
    )
  ).items;
export const getDriverName = async (id: number): Promise<string> => {
  const d = await unwrap(apiClient.get<Ok<Driver>>(API.drivers.byId(id), { silent: true }));
  return `${d.name} ${d.surname}`;
};
/** How many drivers a search offers; typing narrows it down, so any driver can be found. */
export const DRIVER_MATCHES = 20;

const lookup = <T>(key: string, queryFn: () => Promise<T>, enabled: boolean) =>
  queryOptions({ queryKey: ['lookup', key], queryFn, staleTime: FIVE_MINUTES, enabled });

function useLookup<T>(key: string, queryFn: () => Promise<T>, permission?: Permission) {
  const granted = useCan(permission ?? 'dashboards:read');
  const allowed = permission === undefined || granted;
  return { allowed, ...useQuery(lookup(key, queryFn, allowed)) };
}

/** Any signed-in user may list the operators in their reach. */
export const useOperatorOptions = () => useLookup('operators', getOperatorLookup);
export const useChargePointOptions = () =>
  useLookup('chargePoints', getChargePointLookup, 'chargePoints:read');

/** Drivers matching what the user typed into a driver filter, and the chosen driver's name. */
export function useDriverSearch(search: string, selected: number | undefined) {
  const allowed = useCan('drivers:read');
  const matches = useQuery({
    queryKey: ['lookup', 'drivers', search],
    queryFn: () => searchDrivers(search),
    staleTime: FIVE_MINUTES,
    enabled: allowed,
  });
  const chosen = useQuery({
    queryKey: ['lookup', 'driverName', selected],
    queryFn: () => getDriverName(selected ?? 0),
    staleTime: FIVE_MINUTES,
    enabled: allowed && selected !== undefined,
  });
  return { allowed, matches, chosenName: chosen.data };
}
