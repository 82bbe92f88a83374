import type { Ocpp } from '@voltline/contract';
import type { Handler } from '../../context.js';

/**
 * A security event (OCPP 1.6 security edition): stored before the answer, so an event the
 * database could not keep is answered with a CALLERROR and the charger, which queues these with
 * guaranteed delivery, sends it again.
 */
export const securityEventNotification: Handler<
  Ocpp.SecurityEventNotificationRequest,
  Ocpp.SecurityEventNotificationResponse
> = async (p, ctx) => {
  await ctx.security.event(ctx.cp, p);
  return {};
};
