import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROAMING_API, type Ok, type RoamingPartner } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { roamingKeys } from './keys';

/** The partners in reach; their tokens never leave the server. */
export const getPartners = (): Promise<RoamingPartner[]> =>
  unwrap(apiClient.get<Ok<RoamingPartner[]>>(ROAMING_API.partners));

export const partnersQueryOptions = () =>
  queryOptions({ queryKey: roamingKeys.partners, queryFn: getPartners });

export const usePartners = () => useQuery(partnersQueryOptions());
