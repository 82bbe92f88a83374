import type { Ocpp } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { idTagInfo } from '../id-tag.js';

export const authorize: Handler<Ocpp.AuthorizeRequest, Ocpp.AuthorizeResponse> = async (p, ctx) => ({
  idTagInfo: idTagInfo(await ctx.drivers.authorize(p.idTag, ctx.cp.operatorPath)),
});
