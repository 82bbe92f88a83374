import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Ok, type SecurityProfileChange } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** Raises the charger's security profile: the server checks the prerequisites and asks the charger. */
export const raiseSecurityProfile = ({
  id,
  profile,
}: {
  id: number;
  profile: 1 | 2 | 3;
}): Promise<SecurityProfileChange> =>
  unwrap(apiClient.post<Ok<SecurityProfileChange>>(API.chargePoints.securityProfile(id), { profile }));

export function useRaiseSecurityProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: raiseSecurityProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all }),
  });
}
