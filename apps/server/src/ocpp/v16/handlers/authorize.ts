import type { Ocpp } from '@voltline/contract';
import type { Handler } from '../context.js';

export const authorize: Handler<Ocpp.AuthorizeRequest, Ocpp.AuthorizeResponse> = async (p, ctx) => {
  const { status, expiryDate } = await ctx.drivers.authorize(p.idTag, ctx.cp.operatorPath);
  return { idTagInfo: expiryDate ? { status, expiryDate } : { status } };
};
