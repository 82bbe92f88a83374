import { useQuery } from '@tanstack/react-query';
import {
  API,
  type CommandBody,
  type DisplayMessageSendResult,
  type DisplayMessagesSendBody,
  type Ok,
  type StoredDisplayMessage,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys, LIVE_INTERVAL_MS } from './keys';

export const displayMessagesKey = (id: number) => [...chargePointKeys.all, 'displayMessages', id] as const;

/**
 * The display messages the charger holds, as Voltline last learned them. Kept live: after Refresh
 * the charger's report (NotifyDisplayMessages) arrives some time after its answer.
 */
export const useDisplayMessages = (id: number) =>
  useQuery({
    queryKey: displayMessagesKey(id),
    queryFn: () => unwrap(apiClient.get<Ok<StoredDisplayMessage[]>>(API.chargePoints.displayMessages(id))),
    refetchInterval: LIVE_INTERVAL_MS,
  });

type DisplayCommand = 'setDisplayMessage' | 'getDisplayMessages' | 'clearDisplayMessage';

/**
 * A display-message command with the server's words about the answer, which the tab also shows
 * beside the list (red when the charger refused). Errors (not connected...) are the client's notices.
 */
export async function sendDisplayCommand<C extends DisplayCommand>(
  command: C,
  body: CommandBody<C>,
): Promise<Ok<Record<string, unknown>>> {
  const r = await apiClient.post<Ok<Record<string, unknown>>>(API.commands.send(command), body);
  return r.data;
}

/** One message to several chargers, answered per charger. */
export async function sendDisplayToMany(
  body: DisplayMessagesSendBody,
): Promise<Ok<DisplayMessageSendResult[]>> {
  const r = await apiClient.post<Ok<DisplayMessageSendResult[]>>(API.commands.displayMessages, body);
  return r.data;
}
