import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API,
  type NetworkPriorityAnswer,
  type NetworkProfileAnswer,
  type NetworkProfileBody,
  type Ok,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** B09: a network connection profile for one slot of a 2.0.1 charger; resolves with its answer. */
export const setNetworkProfile = ({
  id,
  body,
}: {
  id: number;
  body: NetworkProfileBody;
}): Promise<NetworkProfileAnswer> =>
  unwrap(apiClient.post<Ok<NetworkProfileAnswer>>(API.chargePoints.networkProfile(id), body));

/** B10: the slots' priority, then a reset; resolves with both answers. */
export const setNetworkPriority = ({
  id,
  priority,
}: {
  id: number;
  priority: number[];
}): Promise<NetworkPriorityAnswer> =>
  unwrap(apiClient.post<Ok<NetworkPriorityAnswer>>(API.chargePoints.networkPriority(id), { priority }));

export function useSetNetworkProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNetworkProfile,
    // A higher profile is pending from now on: the Security card shows it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all }),
  });
}

export function useSetNetworkPriority() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNetworkPriority,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all }),
  });
}
