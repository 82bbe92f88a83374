import type { Ocpp } from '@voltline/contract';
import { recordChargerEvent } from '../../../modules/charge-points/charge-points.repository.js';
import type { Handler } from '../context.js';

/** Vendor messages are stored; Voltline defines no vendor extensions, so it answers UnknownVendorId. */
export const dataTransfer: Handler<Ocpp.DataTransferRequest, Ocpp.DataTransferResponse> = async (p, ctx) => {
  await recordChargerEvent(ctx.db, ctx.cp.id, 'DataTransfer', null, p);
  return { status: 'UnknownVendorId' };
};
