import type { Ocpp } from '@voltline/contract';
import type { Handler } from '../../context.js';

/** Vendor messages are stored; Voltline defines no vendor extensions, so it answers UnknownVendorId. */
export const dataTransfer: Handler<Ocpp.DataTransferRequest, Ocpp.DataTransferResponse> = async (p, ctx) => {
  await ctx.chargers.recordEvent(ctx.cp.id, 'DataTransfer', null, p);
  return { status: 'UnknownVendorId' };
};
