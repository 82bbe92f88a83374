/** A charger's clock this close to Voltline's at receipt is right; further off, it is wrong (or replaying). */
export const CLOCK_TOLERANCE_MS = 5 * 60_000;
/** How long after a reconnect a charger may still be replaying what it queued offline. */
export const REPLAY_WINDOW_MS = 15 * 60_000;

/** What Voltline knows of a charger's connection when a message arrives on it. */
export interface ConnectionWitness {
  /** When this connection began. */
  connectedAt: Date;
  /** Since when Voltline had not heard from the charger before this connection. */
  offlineSince: Date;
}

/**
 * A new connection's witness, from the charge point as read at the handshake: offline since its
 * last disconnect; since its registration when it never connected before; and with no gap at all
 * when it was still marked connected (its old socket not yet closed: nothing was queued).
 */
export function connectionWitness(
  cp: { createdAt: Date; lastConnectedAt: Date | null; lastDisconnectedAt: Date | null },
  connectedAt = new Date(),
): ConnectionWitness {
  const { lastConnectedAt: on, lastDisconnectedAt: off } = cp;
  const offlineSince = off && (!on || off >= on) ? off : on ? connectedAt : cp.createdAt;
  return { connectedAt, offlineSince };
}

/**
 * Whether a time a charger sent is its clock's fault: ahead of Voltline's at receipt by more than
 * the tolerance; or behind by more, unless the charger may be replaying its offline queue (the
 * first minutes of a connection) with a time after it went offline.
 */
export function clockIsOff(sent: Date, receivedAt: Date, link: ConnectionWitness | undefined): boolean {
  const offset = sent.getTime() - receivedAt.getTime();
  if (offset > CLOCK_TOLERANCE_MS) return true;
  if (offset >= -CLOCK_TOLERANCE_MS) return false;
  if (!link || receivedAt.getTime() - link.connectedAt.getTime() > REPLAY_WINDOW_MS) return true;
  return sent.getTime() < link.offlineSince.getTime() - CLOCK_TOLERANCE_MS;
}
