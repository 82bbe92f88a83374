import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  API,
  type ChargePointLight,
  type Driver,
  type Ok,
  type OperatorSummary,
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
export const getDriverLookup = (): Promise<Driver[]> =>
  unwrap(apiClient.get<Ok<Driver[]>>(API.drivers.list, { silent: true }));

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
export const useDriverOptions = () => useLookup('drivers', getDriverLookup, 'drivers:read');
