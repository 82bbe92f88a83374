import type { Ocpp } from '@voltline/contract';
import { authorizeIdTag } from '../../../modules/drivers/authorization.js';
import type { Handler } from '../context.js';

export const authorize: Handler<Ocpp.AuthorizeRequest, Ocpp.AuthorizeResponse> = async (p, ctx) => {
  const { status, expiryDate } = await authorizeIdTag(ctx.db, p.idTag, ctx.cp.operatorPath);
  return { idTagInfo: expiryDate ? { status, expiryDate } : { status } };
};
