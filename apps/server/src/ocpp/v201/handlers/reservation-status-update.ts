import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { checkId } from '../../rpc-error.js';

/**
 * H04: the charger ended a reservation by itself, because it expired or because it was removed
 * (its EVSE faulted or went out of service). The booking it names ends with it; an id that names
 * no holding booking of this charger changes nothing.
 */
export const reservationStatusUpdate: Handler<
  Ocpp201.ReservationStatusUpdateRequest,
  Ocpp201.ReservationStatusUpdateResponse
> = async (p, ctx) => {
  // A booking's id is a 32-bit integer: an id beyond that names no booking and cannot be looked up.
  checkId('reservationId', p.reservationId);
  await ctx.bookings?.ended(ctx.cp.id, p.reservationId, p.reservationUpdateStatus);
  return {};
};
