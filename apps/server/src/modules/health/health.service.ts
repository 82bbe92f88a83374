import { ping, type Database } from '../../db/client.js';
import { VERSION } from '../../version.js';

/** Whether this process can serve: its database answers. */
export class HealthService {
  constructor(private readonly database: Pick<Database, 'db' | 'kind'>) {}

  async check() {
    await ping(this.database.db);
    return { status: 'ok' as const, database: this.database.kind, version: VERSION };
  }
}
