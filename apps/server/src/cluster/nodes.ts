import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db } from '../db/client.js';
import { chargePoints, clusterNodes, commandRecords, connectionEvents } from '../db/schema/index.js';
import { CLOSE_REASONS } from '../lib/close-cause.js';

/** What a command's record says when the process that sent it was lost before the answer. */
export const LOST_COMMAND = 'The Voltline process that sent it stopped before the charger answered';

export interface ClusterNodesOptions {
  db: Db;
  nodeId: string;
  version: string;
  /** A process silent this long is gone: its chargers are shown offline. */
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** Database ids of the chargers whose sockets this process holds now. */
  held: () => number[];
}

/**
 * The processes sharing the database. Every process records that it is alive every third of the
 * time-out; the leader releases the chargers of processes that fell silent (killed, frozen, cut
 * off), so the portal shows them offline within time-out + one sweep. A process that comes back
 * after being taken for lost records its chargers as connected again.
 */
export class ClusterNodes {
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | null = null;

  constructor(private readonly o: ClusterNodesOptions) {}

  get intervalMs(): number {
    return Math.max(500, Math.floor(this.o.timeoutMs / 3));
  }

  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => {
      this.beating ??= this.beat()
        .catch((err: unknown) => this.o.log.warn({ err }, 'could not record this process as alive'))
        .finally(() => {
          this.beating = null;
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  /** A process leaving on purpose says so: nobody waits out its time-out. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    await this.o.db
      .delete(clusterNodes)
      .where(sql`${clusterNodes.nodeId} = ${this.o.nodeId}`)
      .catch((err: unknown) => this.o.log.warn({ err }, 'could not record this process as stopped'));
  }

  /** Records this process as alive; if it had been taken for lost, takes its chargers back. */
  async beat(): Promise<void> {
    const rows = await this.o.db.execute<{ lost: boolean }>(sql`
      WITH previous AS (SELECT seen_at FROM ${clusterNodes} WHERE node_id = ${this.o.nodeId})
      INSERT INTO ${clusterNodes} (node_id, version) VALUES (${this.o.nodeId}, ${this.o.version})
      ON CONFLICT (node_id) DO UPDATE SET seen_at = now(), version = EXCLUDED.version
      RETURNING (SELECT seen_at < now() - ${`${this.o.timeoutMs} milliseconds`}::interval FROM previous) AS lost`);
    const lost = rowsOf<{ lost: boolean | null }>(rows)[0]?.lost === true;
    if (!lost) return;
    const ids = this.o.held();
    if (ids.length === 0) return;
    this.o.log.warn(
      { chargers: ids.length },
      'this process was taken for lost; recording its chargers again',
    );
    await this.o.db.execute(sql`
      WITH updated AS (
        UPDATE ${chargePoints}
           SET connected = true, connected_node = ${this.o.nodeId}, last_connected_at = now()
         WHERE id IN (SELECT unnest(${`{${ids.join(',')}}`}::int[])) AND connected_node IS NULL
        RETURNING id
      )
      INSERT INTO ${connectionEvents} (charge_point_id, event) SELECT id, 'connected' FROM updated`);
  }

  /**
   * The leader's sweep: chargers held by a process that is silent past the time-out (or unknown)
   * are disconnected, with one event each. Returns how many.
   */
  async releaseLost(): Promise<number> {
    const rows = await this.o.db.execute<{ id: number }>(sql`
      WITH updated AS (
        UPDATE ${chargePoints}
           SET connected = false, last_disconnected_at = now(), connected_node = NULL
         WHERE connected_node IS NOT NULL
           AND connected_node NOT IN (
             SELECT node_id FROM ${clusterNodes}
              WHERE seen_at >= now() - ${`${this.o.timeoutMs} milliseconds`}::interval)
        RETURNING id
      )
      INSERT INTO ${connectionEvents} (charge_point_id, event, detail)
      SELECT id, 'disconnected', ${CLOSE_REASONS.nodeLost} FROM updated
      RETURNING charge_point_id AS id`);
    const released = rowsOf(rows).length;
    if (released > 0) this.o.log.warn({ chargers: released }, 'chargers of a lost Voltline process released');
    // Commands a lost process sent never get their answer there: recorded as lost, as at a restart.
    await this.o.db.execute(sql`
      UPDATE ${commandRecords} SET outcome = 'lost', error = ${LOST_COMMAND}
       WHERE outcome = 'sent'
         AND node_id NOT IN (
           SELECT node_id FROM ${clusterNodes}
            WHERE seen_at >= now() - ${`${this.o.timeoutMs} milliseconds`}::interval)`);
    // Rows of processes gone for a day are only history.
    await this.o.db.execute(sql`DELETE FROM ${clusterNodes} WHERE seen_at < now() - interval '1 day'`);
    return released;
  }

  /** The processes alive now, for the health endpoint and tests. */
  async alive(): Promise<{ nodeId: string; startedAt: Date; seenAt: Date; version: string }[]> {
    const rows = await this.o.db.execute<{
      node_id: string;
      started_at: string;
      seen_at: string;
      version: string;
    }>(sql`
      SELECT node_id, started_at, seen_at, version FROM ${clusterNodes}
       WHERE seen_at >= now() - ${`${this.o.timeoutMs} milliseconds`}::interval ORDER BY node_id`);
    return rowsOf<{ node_id: string; started_at: string; seen_at: string; version: string }>(rows).map(
      (r) => ({
        nodeId: r.node_id,
        startedAt: new Date(r.started_at),
        seenAt: new Date(r.seen_at),
        version: r.version,
      }),
    );
  }
}
