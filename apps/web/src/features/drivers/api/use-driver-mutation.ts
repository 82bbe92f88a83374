import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverKeys } from './keys';

/**
 * A change to one driver: afterwards that driver's detail, ledger and history are read again, and
 * the lists too (balance, status and card count show there).
 */
export function useDriverMutation<TVars, TResult>(
  mutationFn: (vars: TVars) => Promise<TResult>,
  driverIdOf: (vars: TVars) => number,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_, vars) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: driverKeys.driver(driverIdOf(vars)) }),
        queryClient.invalidateQueries({ queryKey: driverKeys.lists() }),
      ]),
  });
}
