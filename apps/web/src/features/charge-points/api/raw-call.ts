import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Ok, type RawCallBody, type RawCallResult } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/**
 * Sends one request of the charger's own OCPP version as written (the raw command console). The
 * whole envelope comes back, so the console can show a CALLERROR as the refusal it is; the
 * console says everything itself (silent: no toast beside it).
 */
export const sendRawCall = async (body: RawCallBody): Promise<Ok<RawCallResult>> =>
  (await apiClient.post<Ok<RawCallResult>>(API.commands.send('call'), body, { silent: true })).data;

export function useRawCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendRawCall,
    // The command history gains a line either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all }),
  });
}
