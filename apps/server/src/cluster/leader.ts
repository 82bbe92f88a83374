import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** Any key, the same in every process: the one that holds it runs the background jobs. */
const LEADER_LOCK = 727_274_002;

/**
 * Which process runs the background jobs (stale sessions, log pruning, booking expiry, campaign
 * and balancer ticks, certificate renewal, releasing the chargers of lost processes).
 *
 * On PostgreSQL the leader is the process holding a session advisory lock on a connection of its
 * own: when that process stops or dies, PostgreSQL drops the connection and the lock, and another
 * process takes it at its next attempt. The embedded database serves one process, which leads.
 */
export class Leader {
  private client: pg.Client | null = null;
  private leading: boolean;
  private timer: NodeJS.Timeout | undefined;
  private attempt: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly o: {
      /** The PostgreSQL server; null for the embedded database. */
      databaseUrl: string | null;
      log: FastifyBaseLogger;
      /** How often a follower tries to take the lead. */
      retryMs?: number;
      onChange?: (leading: boolean) => void;
    },
  ) {
    this.leading = o.databaseUrl === null;
  }

  get isLeader(): boolean {
    return this.leading;
  }

  /** Tries to take the lead now, then every `retryMs` while another process holds it. */
  async start(): Promise<void> {
    if (this.o.databaseUrl === null) return;
    await this.tryLead();
    this.timer = setInterval(() => void this.tryLead(), this.o.retryMs ?? 5_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.attempt;
    const client = this.client;
    this.client = null;
    this.set(this.o.databaseUrl === null);
    // Closing the connection releases the lock at once; the next process takes it on its next try.
    await client?.end().catch(() => undefined);
  }

  private tryLead(): Promise<void> {
    if (this.leading || this.attempt || this.stopped) return this.attempt ?? Promise.resolve();
    this.attempt = this.take()
      .catch((err: unknown) => {
        this.o.log.warn({ err }, 'could not try for the lead of background jobs');
        this.drop();
      })
      .finally(() => {
        this.attempt = null;
      });
    return this.attempt;
  }

  private async take() {
    if (!this.client) {
      const client = new pg.Client({
        connectionString: this.o.databaseUrl ?? undefined,
        application_name: 'voltline-leader',
      });
      // A lost connection has lost the lock with it.
      client.on('error', (err) => {
        this.o.log.warn({ err }, 'leader connection lost');
        this.drop();
      });
      client.on('end', () => {
        if (this.client === client) this.drop();
      });
      await client.connect();
      this.client = client;
    }
    const r = await this.client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
      LEADER_LOCK,
    ]);
    if (this.stopped) return;
    if (r.rows[0]?.ok) this.set(true);
  }

  private drop() {
    const client = this.client;
    this.client = null;
    this.set(false);
    void client?.end().catch(() => undefined);
  }

  private set(leading: boolean) {
    if (leading === this.leading) return;
    this.leading = leading;
    this.o.log.info({ leading }, leading ? 'leading background jobs' : 'no longer leading background jobs');
    this.o.onChange?.(leading);
  }
}
