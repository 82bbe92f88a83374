import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';

/** P01: vendor messages are stored; Voltline defines no vendor extensions (UnknownVendorId). */
export const dataTransfer: Handler<Ocpp201.DataTransferRequest, Ocpp201.DataTransferResponse> = async (
  p,
  ctx,
) => {
  await ctx.chargers.recordEvent(ctx.cp.id, 'DataTransfer', null, p);
  return { status: 'UnknownVendorId' };
};
