import type { Ocpp } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { idTagInfo } from '../id-tag.js';

/** An accepted card's price follows the answer on a charger that shows it (california-pricing.ts). */
export const authorize: Handler<Ocpp.AuthorizeRequest, Ocpp.AuthorizeResponse> = async (p, ctx) => {
  await ctx.drivers.beforeAuthorize({ chargePointId: ctx.cp.id, idTag: p.idTag, start: false });
  const info = idTagInfo(await ctx.drivers.authorize(p.idTag, ctx.cp.operatorPath, ctx.cp.id));
  if (info.status === 'Accepted')
    ctx.californiaPricing?.authorized(ctx.cp, p.idTag, ctx.drivers.driverLocale);
  return { idTagInfo: info };
};
