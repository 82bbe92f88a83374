import type { Tx } from '../../db/client.js';
import { settleSession } from './review.js';
import * as repo from './sessions.repository.js';
import { sessionStopped } from '../events/session-events.js';

/** Whether a session is still running: accepted and active, or refused and not yet stopped. */
export const isOpen = (s: repo.SessionRow) =>
  s.state === 'active' || (s.state === 'refused' && s.stoppedAt === null);

/**
 * Closes a running session whose charger never sent its StopTransaction (the stale rule, staff,
 * a new Start on its connector) at its last meter reading: an accepted one as failed and billed
 * by that reading (held for review if the reading is impossible), a refused one still unbilled. If the charger's own Stop comes later, it
 * settles the session once (sessions.ocpp.ts). Returns the closed row, cost included.
 */
export async function closeAtLastReading(
  tx: Tx,
  s: repo.SessionRow,
  how: {
    stopReason: string;
    stoppedAt: Date;
    closeNote?: string;
    /** The charger's OCPP identity, when the caller holds it (for the session's events). */
    identity?: string;
  },
): Promise<repo.SessionRow | undefined> {
  const refused = s.state === 'refused';
  const meterStop = s.lastMeterWh ?? s.meterStart;
  const done = await repo.completeSession(tx, s.id, {
    state: refused ? 'refused' : 'failed',
    stopReason: how.stopReason,
    stoppedAt: how.stoppedAt,
    // No Stop arrived: the last news Voltline had of the session bounds its end (witness.ts).
    stopReceivedAt: new Date(Math.min(s.updatedAt.getTime(), Date.now())),
    meterStop,
    energyWh: Math.max(0, meterStop - s.meterStart),
    ...(how.closeNote === undefined ? {} : { closeNote: how.closeNote }),
  });
  if (!done || refused) return done;
  await sessionStopped(tx, done, how.identity);
  return settleSession(tx, done, undefined, how.identity);
}
