import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { checkId, checkTime } from '../../rpc-error.js';

/**
 * N09/N10: one part of what a charger holds about a customer, named by the CustomerInformation's
 * requestId (the request's record). Kept before the answer, so a part the database could not keep
 * gets a CALLERROR and the charger sends it again.
 */
export const notifyCustomerInformation: Handler<
  Ocpp201.NotifyCustomerInformationRequest,
  Ocpp201.NotifyCustomerInformationResponse
> = async (p, ctx) => {
  checkId('requestId', p.requestId);
  checkId('seqNo', p.seqNo);
  checkTime('generatedAt', p.generatedAt);
  const part = {
    requestId: p.requestId,
    seqNo: p.seqNo,
    more: p.tbc ?? false,
    data: p.data,
    generatedAt: new Date(p.generatedAt),
  };
  const known = await ctx.customerInformation?.part(ctx.cp.id, part);
  if (!known)
    ctx.log.warn({ requestId: p.requestId }, 'NotifyCustomerInformation names no request of this charger');
  return {};
};
