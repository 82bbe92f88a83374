import type { Ocpp201 } from '@voltline/contract';
import type { SimCharger201 } from './charger.js';
import type { Handlers201 } from './commands.js';

export type MessageInfo201 = Ocpp201.SetDisplayMessageRequest['message'];
type Status = Ocpp201.SetDisplayMessageResponse['status'];

const CTRLR = 'DisplayMessageCtrlr';

/** The station's DisplayMessageCtrlr's list (SupportedFormats, SupportedPriorities). */
function supported(s: SimCharger201, variable: string): string[] {
  return (s.model.get(CTRLR, variable) ?? '').split(',').filter((v) => v !== '');
}

/**
 * Messages whose end has passed (O01: removed after endDateTime) or whose transaction is over (O02:
 * removed when it ends) are gone: dropped whenever the list is looked at.
 */
export function liveMessages(s: SimCharger201): Map<number, MessageInfo201> {
  const now = s.now().getTime();
  for (const [id, m] of s.displayMessages) {
    const ended = m.endDateTime !== undefined && new Date(m.endDateTime).getTime() <= now;
    const txOver = m.transactionId !== undefined && !s.sessions.findTransaction(m.transactionId);
    if (ended || txOver) s.displayMessages.delete(id);
  }
  return s.displayMessages;
}

function verdict(s: SimCharger201, m: MessageInfo201): Status {
  if (!s.model.getBool(CTRLR, 'Available')) return 'Rejected';
  if (!supported(s, 'SupportedFormats').includes(m.message.format)) return 'NotSupportedMessageFormat';
  if (!supported(s, 'SupportedPriorities').includes(m.priority)) return 'NotSupportedPriority';
  // A message for the display of an EVSE the station does not have (its EVSEs count from 1).
  const evse = m.display?.evse?.id;
  if (evse !== undefined && evse !== 0 && !s.evse(evse)) return 'Rejected';
  const states = s.options.config.DisplayMessageSupportedStates?.split(',');
  if (m.state !== undefined && states && !states.includes(m.state)) return 'NotSupportedState';
  if (m.transactionId !== undefined && !s.sessions.findTransaction(m.transactionId))
    return 'UnknownTransaction';
  const messages = liveMessages(s);
  const room = s.model.maxLimit(CTRLR, 'DisplayMessages') ?? 0;
  // O06: a message with an id the station holds replaces it, so it takes no new room.
  if (!messages.has(m.id) && messages.size >= room) return 'Rejected';
  return 'Accepted';
}

/** Display messages (O01-O06) as a 2.0.1 station plays them. */
export const displayCommands: Handlers201 = {
  SetDisplayMessage: (s, p) => {
    const status = verdict(s, p.message);
    if (status === 'Accepted') s.displayMessages.set(p.message.id, p.message);
    return { status };
  },

  GetDisplayMessages: (s, p) => {
    // O03/O04: every criterion given must match; none matching (or none held) is Unknown.
    const found = [...liveMessages(s).values()].filter(
      (m) =>
        (p.id === undefined || p.id.includes(m.id)) &&
        (p.priority === undefined || m.priority === p.priority) &&
        (p.state === undefined || m.state === p.state),
    );
    if (found.length === 0) return { status: 'Unknown' };
    // How many messages one NotifyDisplayMessages carries: the rest follow in parts (tbc).
    const perPart = Math.max(1, Number(s.options.config.DisplayMessagesPerPart ?? '4') || 4);
    const parts: MessageInfo201[][] = [];
    for (let i = 0; i < found.length; i += perPart) parts.push(found.slice(i, i + perPart));
    s.later(0, () => {
      void (async () => {
        for (const [i, messageInfo] of parts.entries()) {
          await s
            .send('NotifyDisplayMessages', { requestId: p.requestId, messageInfo, tbc: i < parts.length - 1 })
            .catch(() => undefined);
        }
      })();
    });
    return { status: 'Accepted' };
  },

  ClearDisplayMessage: (s, p) => ({ status: liveMessages(s).delete(p.id) ? 'Accepted' : 'Unknown' }),
};
