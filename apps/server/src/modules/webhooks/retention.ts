import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';

const DAY = 24 * 3_600_000;

export interface RetentionDeps {
  db: Db;
  clock: Clock;
  /** Events older than this many days go (EVENTS_RETENTION_DAYS). */
  eventDays: number;
  /** Finished deliveries older than this many days go, with their tries (WEBHOOK_LOG_RETENTION_DAYS). */
  deliveryDays: number;
  /** Rows deleted per statement, so that no statement holds many locks or runs for long. */
  batch?: number;
}

/**
 * A run deletes until a batch comes back short, for at most this long per table; the next run
 * goes on. Bounded by time, not by a number of batches: at a fleet's rate (a `session.updated` a
 * minute for each of hundreds of sessions, to tens of endpoints) an hour adds far more than a
 * fixed number of batches would delete.
 */
const MAX_RUN_MS = 5 * 60_000;

/**
 * Keeps the integration tables from growing without end. Deletes finished webhook deliveries
 * (delivered, or given up) and their tries, then events, both past their retention, in bounded
 * batches. A pending delivery is never deleted, and an event stays while any delivery of it is
 * kept (a delivery in the log may be replayed, and must send the event itself). Run by the leader only; a second run at the same time
 * would only find less to delete.
 */
export class IntegrationRetention {
  constructor(private readonly deps: RetentionDeps) {}

  async run(): Promise<{ deliveries: number; events: number }> {
    const now = this.deps.clock.now().getTime();
    const size = this.deps.batch ?? 1000;
    const deliveriesBefore = new Date(now - this.deps.deliveryDays * DAY).toISOString();
    const eventsBefore = new Date(now - this.deps.eventDays * DAY).toISOString();
    // The state is tested again on the row deleted: a delivery replayed meanwhile is pending and stays.
    const deliveries = await this.inBatches(
      size,
      sql`DELETE FROM webhook_deliveries WHERE id IN (
          SELECT id FROM webhook_deliveries
          WHERE (state = 'delivered' AND delivered_at < ${deliveriesBefore})
             OR (state = 'failed' AND give_up_at < ${deliveriesBefore})
          ORDER BY id LIMIT ${size})
        AND state <> 'pending' RETURNING 1`,
    );
    const events = await this.inBatches(
      size,
      sql`DELETE FROM integration_events WHERE id IN (
          SELECT e.id FROM integration_events e
          WHERE e.occurred_at < ${eventsBefore}
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
          ORDER BY e.id LIMIT ${size})
        RETURNING 1`,
    );
    return { deliveries, events };
  }

  private async inBatches(size: number, statement: ReturnType<typeof sql>): Promise<number> {
    let total = 0;
    const until = performance.now() + MAX_RUN_MS;
    while (performance.now() < until) {
      const n = rowsOf(await this.deps.db.execute(statement)).length;
      total += n;
      if (n < size) break;
    }
    return total;
  }
}
