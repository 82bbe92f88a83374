import type { CommandHandler } from './types.js';
import { trigger } from './trigger-message.js';

/** ExtendedTriggerMessage (security edition): as TriggerMessage, with its own list of messages. */
export const extendedTriggerMessage: CommandHandler<'ExtendedTriggerMessage'> = (
  charger,
  { requestedMessage, connectorId },
) => trigger(charger, requestedMessage, connectorId);
