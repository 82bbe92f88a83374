import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROAMING_API, type Ok, type RoamingAuthorization, type RoamingPartner } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { roamingKeys } from './keys';

/** The last answers given at chargers about the partner's tokens, newest first. */
export const getAuthorizations = (id: number): Promise<RoamingAuthorization[]> =>
  unwrap(apiClient.get<Ok<RoamingAuthorization[]>>(ROAMING_API.authorizations(id)));

export const usePartnerAuthorizations = (id: number) =>
  useQuery({ queryKey: roamingKeys.authorizations(id), queryFn: () => getAuthorizations(id) });

/**
 * Reads the partner's tokens now. The server's own words ("2 received") are kept for the success
 * notice; a refusal is shown by the drawer in words, so the request raises no notice of its own.
 */
export async function fetchTokens(id: number): Promise<{ partner: RoamingPartner; message: string | null }> {
  const response = await apiClient.post<Ok<RoamingPartner>>(
    ROAMING_API.fetchTokens(id),
    {},
    { silent: true },
  );
  return { partner: response.data.data, message: response.data.message ?? null };
}

export function useFetchTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchTokens,
    // A refused read records its error on the partner: read it again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: roamingKeys.partners }),
  });
}
