import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROAMING_API, type Ok, type RoamingIdentity } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { roamingKeys } from './keys';

/** Voltline's own OCPI party: what partners register with. */
export const getIdentity = (): Promise<RoamingIdentity> =>
  unwrap(apiClient.get<Ok<RoamingIdentity>>(ROAMING_API.identity));

export const identityQueryOptions = () =>
  queryOptions({ queryKey: roamingKeys.identity, queryFn: getIdentity, staleTime: 5 * 60_000 });

export const useIdentity = () => useQuery(identityQueryOptions());
