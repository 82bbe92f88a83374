import type { CommandHandler } from './types.js';

export const reserveNow: CommandHandler<'ReserveNow'> = (charger, req) => {
  if (req.connectorId === 0 && !charger.config.getBool('ReserveConnectorZeroSupported')) {
    return { status: 'Rejected' };
  }
  const c = charger.connector(req.connectorId);
  if (!c) return { status: 'Rejected' };
  if (c.status === 'Faulted') return { status: 'Faulted' };
  if (!c.operative || c.status === 'Unavailable') return { status: 'Unavailable' };
  if (c.reservation && c.reservation.id !== req.reservationId) return { status: 'Occupied' };
  if (c.transaction || c.vehicle || (c.status !== 'Available' && c.status !== 'Reserved')) {
    return { status: 'Occupied' };
  }
  charger.cancel(c.reservation?.task);
  const expiry = new Date(req.expiryDate);
  // Expiry is wall-clock time set by the central system, so it is not sped up.
  const task = charger.options.scheduler.after(expiry.getTime() - Date.now(), () => {
    if (c.reservation?.id !== req.reservationId || charger.isClosed) return;
    c.reservation = undefined;
    if (c.status === 'Reserved') charger.setStatus(c.id, c.idleStatus());
  });
  c.reservation = { id: req.reservationId, idTag: req.idTag, expiry, task };
  if (req.parentIdTag) c.reservation.parentIdTag = req.parentIdTag;
  charger.later(0, () => charger.setStatus(c.id, 'Reserved'));
  return { status: 'Accepted' };
};
