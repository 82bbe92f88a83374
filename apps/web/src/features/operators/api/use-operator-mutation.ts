import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operatorKeys } from './keys';

/** Any change to an operator can move it in the tree, so the whole domain is read again. */
export function useOperatorMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}
