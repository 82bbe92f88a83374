import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ROAMING_API,
  type Ok,
  type RegisterRoamingPartnerBody,
  type RoamingPartner,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { roamingKeys } from './keys';

/**
 * Voltline registers with a partner. A refusal (partner unreachable, credentials refused, no common
 * version) is shown in the form itself, so the request raises no notice of its own.
 */
export const registerPartner = (body: RegisterRoamingPartnerBody): Promise<RoamingPartner> =>
  unwrap(apiClient.post<Ok<RoamingPartner>>(ROAMING_API.register, body, { silent: true }));

export function useRegisterPartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPartner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roamingKeys.partners }),
  });
}
