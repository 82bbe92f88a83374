import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Ok, type SetVariableItem, type VariableResults } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { deviceModelKey } from './get-device-model';

/** Sets variables on the charger (SetVariables); resolves with its answer for each. */
export const setVariables = (id: number, items: SetVariableItem[]): Promise<VariableResults> =>
  unwrap(apiClient.post<Ok<VariableResults>>(API.chargePoints.setVariables(id), { items }));

export function useSetVariables(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: SetVariableItem[]) => setVariables(id, items),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceModelKey(id) }),
  });
}
