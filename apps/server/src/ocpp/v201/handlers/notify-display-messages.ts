import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { checkId } from '../../rpc-error.js';

/**
 * NotifyDisplayMessages (O03, O04): one part of the messages a charger holds, answering a
 * GetDisplayMessages. Kept before the answer, so a part the database could not keep gets a
 * CALLERROR and the charger sends it again.
 */
export const notifyDisplayMessages: Handler<
  Ocpp201.NotifyDisplayMessagesRequest,
  Ocpp201.NotifyDisplayMessagesResponse
> = async (p, ctx) => {
  checkId('requestId', p.requestId);
  for (const m of p.messageInfo ?? []) checkId('messageInfo.id', m.id);
  if (ctx.displayMessages) await ctx.displayMessages.notify(ctx.cp, p);
  else
    ctx.log.warn(
      { requestId: p.requestId },
      'NotifyDisplayMessages received but no display messages service is wired',
    );
  return {};
};
