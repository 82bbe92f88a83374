import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ROAMING_API,
  type InviteRoamingPartnerBody,
  type Ok,
  type RoamingInvitation,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { roamingKeys } from './keys';

/**
 * The answer holds token A: shown once, kept nowhere in the portal. A refusal is shown in the
 * form itself, so the request raises no notice of its own.
 */
export const invitePartner = (body: InviteRoamingPartnerBody): Promise<RoamingInvitation> =>
  unwrap(apiClient.post<Ok<RoamingInvitation>>(ROAMING_API.invite, body, { silent: true }));

export function useInvitePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invitePartner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roamingKeys.partners }),
  });
}
