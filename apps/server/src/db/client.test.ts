import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './client.js';

const url = process.env.TEST_DATABASE_URL;

// The PostgreSQL pool only: the embedded database has no connections to leave behind.
describe.skipIf(!url)('PostgreSQL connection pool', () => {
  const admin = new pg.Client({ connectionString: url });
  beforeAll(() => admin.connect());
  afterAll(() => admin.end());

  async function freshDatabase() {
    const name = `voltline_pool_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url ?? '');
    target.pathname = `/${name}`;
    return { name, url: target.toString() };
  }

  it('leaves no connection behind once closed, so the database can be dropped at once', async () => {
    for (let round = 0; round < 5; round++) {
      const { name, url: target } = await freshDatabase();
      const lost: Error[] = [];
      const database = await openPostgres(target, 5, (err) => lost.push(err));
      // Several connections busy at once, then idle in the pool.
      await Promise.all([1, 2, 3, 4, 5].map(() => database.db.execute(sql`SELECT pg_sleep(0.01)`)));
      await database.close();
      const left = await admin.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      expect(left.rows[0]?.n).toBe(0);
      expect(lost).toEqual([]);
    }
  });

  it('survives the server dropping an idle connection, and goes on answering', async () => {
    const fresh = await freshDatabase();
    const lost: Error[] = [];
    const database = await openPostgres(fresh.url, 2, (err) => lost.push(err));
    try {
      const rows = async (query: SQL) => ((await database.db.execute(query)) as { rows: unknown[] }).rows;
      const [{ pid } = { pid: 0 }] = (await rows(sql`SELECT pg_backend_pid() AS pid`)) as { pid: number }[];
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await expect.poll(() => lost.length).toBe(1);
      expect(await rows(sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
      // Short reports are not JIT-compiled (it cost each dashboard query 40 ms and more).
      expect(await rows(sql`SHOW jit`)).toEqual([{ jit: 'off' }]);
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE ${fresh.name} WITH (FORCE)`);
    }
  });

  it('closes a connection left unused for its idle time, and opens one again when asked', async () => {
    const fresh = await freshDatabase();
    const database = await openPostgres(fresh.url, { size: 2, idleSeconds: 1 });
    const backends = async () =>
      (
        await admin.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [fresh.name],
        )
      ).rows[0]?.n;
    try {
      await database.db.execute(sql`SELECT 1`);
      expect(database.poolStats?.().total).toBe(1);
      await expect.poll(() => database.poolStats?.().total, { timeout: 5_000 }).toBe(0);
      await expect.poll(backends, { timeout: 5_000 }).toBe(0);
      await database.db.execute(sql`SELECT 1`);
      expect(await backends()).toBe(1);
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE ${fresh.name} WITH (FORCE)`);
    }
  });
});
