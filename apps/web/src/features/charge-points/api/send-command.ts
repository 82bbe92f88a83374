import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type CommandBody, type CommandName, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

export type CommandAnswer = Record<string, unknown>;

/**
 * Sends an OCPP command through the central system and resolves with the charger's own answer.
 * The API client shows "The charge point answered: X" and the 409 texts (not connected, no answer
 * in time, could not carry out).
 */
export const sendCommand = <C extends CommandName>(
  command: C,
  body: CommandBody<C>,
): Promise<CommandAnswer> => unwrap(apiClient.post<Ok<CommandAnswer>>(API.commands.send(command), body));

export function useSendCommand<C extends CommandName>(command: C) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommandBody<C>) => sendCommand(command, body),
    // Connector states follow quickly after most commands; do not wait for the next poll.
    onSettled: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all }),
  });
}

/** `status` of the charger's answer (Accepted, Rejected, RebootRequired...), when it has one. */
export function answerStatus(answer: CommandAnswer | undefined): string | undefined {
  return typeof answer?.status === 'string' ? answer.status : undefined;
}
