import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Ok, type Session } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { sessionKeys } from './keys';

export type SessionCommand = 'stopTransaction' | 'unLockConnector';

/** What the charger answered, e.g. Accepted, Rejected, Unlocked, UnlockFailed. */
export interface CommandAnswer {
  status?: string;
}

/** Stop (RemoteStopTransaction) or unlock (UnlockConnector) the connector of a running session. */
export const sendSessionCommand = (command: SessionCommand, session: Session): Promise<CommandAnswer> =>
  unwrap(
    apiClient.post<Ok<CommandAnswer>>(
      API.commands.send(command),
      command === 'stopTransaction'
        ? { chargePointId: session.chargePointId, transactionId: session.id }
        : { chargePointId: session.chargePointId, connectorId: session.connectorId },
    ),
  );

export function useSessionCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ command, session }: { command: SessionCommand; session: Session }) =>
      sendSessionCommand(command, session),
    // The session ends a moment later, when the charger sends StopTransaction.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
