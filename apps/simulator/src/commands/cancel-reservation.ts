import type { CommandHandler } from './types.js';

export const cancelReservation: CommandHandler<'CancelReservation'> = (charger, { reservationId }) => {
  const c = charger.connectors.find((x) => x.reservation?.id === reservationId);
  if (!c) return { status: 'Rejected' };
  charger.cancel(c.reservation?.task);
  c.reservation = undefined;
  charger.later(0, () => {
    if (c.status === 'Reserved') charger.setStatus(c.id, c.idleStatus());
  });
  return { status: 'Accepted' };
};
