import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chargingSessions } from '../../db/schema/index.js';
import { audit, NO_USER } from '../audit/audit.service.js';
import { closeAtLastReading, isOpen } from './close.js';
import * as repo from './sessions.repository.js';
import { STALE_STOP_REASON } from './stop-reasons.js';

/**
 * The rule for sessions whose charger never sends StopTransaction: a session with no news
 * (no meter values, no update) for `hours` before `now` is closed as failed at its last reading, with the
 * energy it had reached, and billed like any other. Returns the ids it closed.
 */
export async function closeStaleSessions(db: Db, hours: number, now = new Date()): Promise<number[]> {
  const cutoff = new Date(now.getTime() - hours * 3_600_000);
  const stale = await db
    .select({ id: chargingSessions.id, chargePointId: chargingSessions.chargePointId })
    .from(chargingSessions)
    .where(
      and(
        or(
          eq(chargingSessions.state, 'active'),
          and(eq(chargingSessions.state, 'refused'), isNull(chargingSessions.stoppedAt)),
        ),
        lt(chargingSessions.updatedAt, cutoff),
      ),
    )
    .limit(500);
  const closed: number[] = [];
  for (const { id, chargePointId } of stale) {
    await db.transaction(async (tx) => {
      const s = await repo.lockSession(tx, chargePointId, id);
      if (!s || !isOpen(s)) return;
      const done = await closeAtLastReading(tx, s, { stopReason: STALE_STOP_REASON, stoppedAt: s.updatedAt });
      // No user made this change: the audit line gives the rule.
      await audit(tx, NO_USER, {
        action: 'closeStale',
        entity: 'session',
        entityId: id,
        summary: {
          hours,
          state: done?.state ?? null,
          stopReason: STALE_STOP_REASON,
          energyWh: done?.energyWh ?? null,
        },
      });
      closed.push(id);
    });
  }
  return closed;
}
