import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type ChargePointSecurity, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys, LIVE_INTERVAL_MS } from './keys';

/** The charger's security profile and the certificates Voltline's CA issued to it (by database id). */
export const getSecurity = (id: number): Promise<ChargePointSecurity> =>
  unwrap(apiClient.get<Ok<ChargePointSecurity>>(API.chargePoints.securityProfile(id)));

/** Followed live: a certificate is signed and delivered after the charger's request, not at a click. */
export const securityQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...chargePointKeys.detail(id), 'security'] as const,
    queryFn: () => getSecurity(id),
    refetchInterval: LIVE_INTERVAL_MS,
  });

export const useSecurity = (id: number) => useQuery(securityQueryOptions(id));
