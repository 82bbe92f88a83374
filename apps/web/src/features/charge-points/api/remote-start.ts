import { useQuery } from '@tanstack/react-query';
import { API, type CommandBody, type Ok, type RemoteStartOutcome } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import type { CommandAnswer } from './send-command';

/** Sends a remote start; an accepted one comes back with its command's id, to follow it. */
export async function sendRemoteStart(
  body: CommandBody<'startTransaction'>,
): Promise<{ answer: CommandAnswer; commandId?: number }> {
  const response = await apiClient.post<Ok<CommandAnswer> & { commandId?: number }>(
    API.commands.send('startTransaction'),
    body,
  );
  return { answer: response.data.data, commandId: response.data.commandId };
}

const getOutcome = (commandId: number) =>
  unwrap(apiClient.get<Ok<RemoteStartOutcome>>(API.commands.remoteStartOutcome(commandId), { silent: true }));

/** What became of the remote start, asked every two seconds until it is no longer waiting. */
export const useRemoteStartOutcome = (commandId: number) =>
  useQuery({
    queryKey: ['remoteStartOutcome', commandId],
    queryFn: () => getOutcome(commandId),
    refetchInterval: (query) => (query.state.data?.outcome === 'waiting' ? 2000 : false),
  });
