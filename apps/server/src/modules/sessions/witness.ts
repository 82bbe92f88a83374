/**
 * Time Voltline itself witnessed, against which a session's energy is judged: a charger's clock
 * can make a session look shorter, never longer than Voltline saw it.
 *
 * The rule (docs/architecture.md, "Charging flow"):
 * - A charger's time more than CLOCK_TOLERANCE_MS ahead of Voltline's at receipt is impossible:
 *   the time of receipt is used instead.
 * - A time in the past is not by itself a fault: a charger replays what it queued while offline
 *   when it reconnects. So when a StartTransaction arrives, Voltline notes the earliest the session
 *   can have begun (`earliestStartAt`):
 *   - the time of receipt (less the tolerance), when the Start is sent as it happens, or arrives
 *     on a connection older than REPLAY_WINDOW_MS (a charger online sends its Start at once);
 *   - else (the first minutes after a reconnect: a replayed queue) the start of the charger's
 *     offline gap before this connection: its last disconnect, or its registration when it never
 *     connected before (less the tolerance), and never more than MAX_REPLAY_AGE_MS before receipt.
 *   A charger's start before that is impossible and the earliest is used instead.
 * - The stop is never later than the Stop's receipt (for a session closed without one, the last
 *   news of it); a charger's stop before the earliest start is impossible, and the receipt is used.
 * So the duration judged is at most (Stop received) − (earliest start): what Voltline witnessed.
 */
import { CLOCK_TOLERANCE_MS, REPLAY_WINDOW_MS, type ConnectionWitness } from '../../lib/charger-clock.js';

export { CLOCK_TOLERANCE_MS, REPLAY_WINDOW_MS, type ConnectionWitness };

/** The oldest start a replayed queue may claim. */
export const MAX_REPLAY_AGE_MS = 31 * 24 * 3_600_000;

/** The earliest a session whose StartTransaction (charger's time `startedAt`) arrived at `receivedAt` can have begun. */
export function earliestStart(startedAt: Date, receivedAt: Date, link: ConnectionWitness | undefined): Date {
  const live = new Date(receivedAt.getTime() - CLOCK_TOLERANCE_MS);
  if (startedAt >= live || !link) return live;
  if (receivedAt.getTime() - link.connectedAt.getTime() > REPLAY_WINDOW_MS) return live;
  const gap = Math.max(
    link.offlineSince.getTime() - CLOCK_TOLERANCE_MS,
    receivedAt.getTime() - MAX_REPLAY_AGE_MS,
  );
  return new Date(Math.min(gap, live.getTime()));
}

export interface WitnessedTimes {
  startedAt: Date;
  stoppedAt: Date | null;
  startReceivedAt?: Date | null;
  earliestStartAt?: Date | null;
  stopReceivedAt?: Date | null;
}

/**
 * The span a session's energy is judged over: the charger's times, bounded by what Voltline
 * witnessed (see above). `clock` tells that a time the charger sent was impossible and replaced.
 * A session from before receipts were kept is judged by the charger's times alone.
 */
export function judgedSpan(s: WitnessedTimes): { from: Date; to: Date; clock: boolean } {
  let from = s.startedAt;
  let to = s.stoppedAt ?? s.startedAt;
  let clock = false;
  const earliest = s.earliestStartAt ?? null;
  if (s.startReceivedAt && earliest) {
    if (from.getTime() > s.startReceivedAt.getTime() + CLOCK_TOLERANCE_MS) {
      from = s.startReceivedAt;
      clock = true;
    } else if (from < earliest) {
      from = earliest;
      clock = true;
    }
  }
  if (s.stopReceivedAt && s.stoppedAt) {
    const received = s.stopReceivedAt;
    if (to.getTime() > received.getTime() + CLOCK_TOLERANCE_MS || (earliest && to < earliest)) {
      to = received;
      clock = true;
    } else if (to > received) {
      to = received;
    }
  }
  return { from, to, clock };
}
