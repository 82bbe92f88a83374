import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROAMING_API, type Ok, type RoamingPartner } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { roamingKeys } from './keys';

export const getPartner = (id: number): Promise<RoamingPartner> =>
  unwrap(apiClient.get<Ok<RoamingPartner>>(ROAMING_API.byId(id)));

export const partnerQueryOptions = (id: number) =>
  queryOptions({ queryKey: roamingKeys.partner(id), queryFn: () => getPartner(id) });

/** One partner, for its drawer; nothing is asked while no partner is open. */
export const usePartner = (id: number | null) =>
  useQuery({ ...partnerQueryOptions(id ?? 0), enabled: id !== null });
