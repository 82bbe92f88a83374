import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';

/** A04: a security event, stored before the answer (a charger resends one that failed). */
export const securityEventNotification: Handler<
  Ocpp201.SecurityEventNotificationRequest,
  Ocpp201.SecurityEventNotificationResponse
> = async (p, ctx) => {
  await ctx.security.event(ctx.cp, { type: p.type, timestamp: p.timestamp, techInfo: p.techInfo });
  return {};
};
