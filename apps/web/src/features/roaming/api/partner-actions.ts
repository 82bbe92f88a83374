import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROAMING_API, type Ok, type RoamingPartner, type UpdateRoamingPartnerBody } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { roamingKeys } from './keys';

// The drawer says itself how each action went (in words, from the server's refusal when there is
// one), so these requests raise no notice of their own.

export const updatePartner = ({ id, ...body }: UpdateRoamingPartnerBody & { id: number }) =>
  unwrap(apiClient.put<Ok<RoamingPartner>>(ROAMING_API.byId(id), body, { silent: true }));

export const refreshPartner = (id: number) =>
  unwrap(apiClient.post<Ok<RoamingPartner>>(ROAMING_API.refresh(id), {}, { silent: true }));

export const unregisterPartner = (id: number) =>
  unwrap(apiClient.post<Ok<RoamingPartner>>(ROAMING_API.unregister(id), {}, { silent: true }));

function usePartnerMutation<V>(fn: (vars: V) => Promise<RoamingPartner>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // A refused refresh records its error on the partner: read it again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: roamingKeys.partners }),
  });
}

export const useUpdatePartner = () => usePartnerMutation(updatePartner);
export const useRefreshPartner = () => usePartnerMutation(refreshPartner);
export const useUnregisterPartner = () => usePartnerMutation(unregisterPartner);
