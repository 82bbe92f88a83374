import { DISPLAY_MESSAGE_STATUSES, type CommandName } from '@voltline/contract';
import type { MessageKey } from '../../lib/messages.js';
import type { Payload } from './prepared.js';

/**
 * The display-message commands' answers in their own words: SetDisplayMessage's refusals say which
 * rule the charger applied, and GetDisplayMessages' Unknown is no refusal but "it holds none".
 * Undefined for any other command or answer (said the common way).
 */
export function displayAnswerWords(
  command: CommandName,
  answer: Payload,
): { key: MessageKey; refused: boolean } | undefined {
  const status = answer.status;
  if (command === 'getDisplayMessages') {
    if (status === 'Unknown') return { key: 'displayMessage.noneHeld', refused: false };
    if (status === 'Accepted') return { key: 'displayMessage.reportAsked', refused: false };
    return undefined;
  }
  if (command !== 'setDisplayMessage' || typeof status !== 'string') return undefined;
  if (!(DISPLAY_MESSAGE_STATUSES as readonly string[]).includes(status)) return undefined;
  if (status === 'Accepted') return { key: 'displayMessage.accepted', refused: false };
  return { key: `displayMessage.status.${status}` as MessageKey, refused: true };
}
