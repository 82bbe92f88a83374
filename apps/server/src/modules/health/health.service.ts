import type { NatsConnection } from '@nats-io/transport-node';
import { ping, type Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { VERSION } from '../../version.js';

/**
 * Whether this process can serve. Live: it runs. Ready: its database answers, its NATS link is up
 * (in a cluster), and it is not shutting down — a load balancer stops sending it new chargers and
 * requests as soon as a rolling restart begins.
 */
export class HealthService {
  private stopping = false;

  constructor(
    private readonly database: Pick<Database, 'db' | 'kind'>,
    private readonly nats: NatsConnection | null = null,
  ) {}

  /** From the start of shutdown on, the process is no longer ready. */
  shuttingDown() {
    this.stopping = true;
  }

  async check() {
    await ping(this.database.db);
    return { status: 'ok' as const, database: this.database.kind, version: VERSION };
  }

  async ready() {
    if (this.stopping) throw new AppError(503, 'health.stopping');
    if (this.nats?.isClosed()) throw new AppError(503, 'health.natsDown');
    try {
      return await this.check();
    } catch {
      throw new AppError(503, 'health.databaseDown');
    }
  }
}
