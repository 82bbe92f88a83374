import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/**
 * The committed migrations (apps/server/drizzle), found from this file's folder upwards: the
 * source runs from apps/server/src/db, the compiled server from apps/server/dist.
 */
export const MIGRATIONS_DIR = findUp(import.meta.dirname, path.join('drizzle', 'meta', '_journal.json'));

function findUp(from: string, marker: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, marker))) return path.join(dir, path.dirname(path.dirname(marker)));
    if (path.dirname(dir) === dir) throw new Error(`${marker} not found above ${from}`);
  }
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The PostgreSQL pool's connections now (the embedded database has none). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

// Any key: migrations from several nodes starting together must not run twice.
const MIGRATION_LOCK = 727_274_001;

export interface PoolOptions {
  /** Connections at most (DATABASE_POOL_SIZE). */
  size?: number;
  /** Seconds an unused connection stays open, 0 for ever (DATABASE_POOL_IDLE_SECONDS). */
  idleSeconds?: number;
}

/**
 * Five minutes, not pg's 10 s: at a few hundred OCPP messages a second the group commit needs two
 * or three connections most of the time and more now and then, and with 10 s the pool closed and
 * reopened connections all the time (26–45 backends in a 7-minute window, issue #35). Each new one
 * costs PostgreSQL a backend start and the server's named statements a parse and plan again.
 */
export const DEFAULT_POOL_IDLE_SECONDS = 300;

/**
 * A connection pool on a PostgreSQL server (`options`: its size, or more). `onIdleError`
 * hears of idle connections the server dropped (a restart, a terminated backend): the pool
 * replaces them, and without a listener such an error would end the process.
 */
export async function openPostgres(
  url: string,
  options: number | PoolOptions = 10,
  onIdleError: (err: Error) => void = (err) => console.error(`database connection lost: ${err.message}`),
): Promise<Database> {
  const { size = 10, idleSeconds = DEFAULT_POOL_IDLE_SECONDS } =
    typeof options === 'number' ? { size: options } : options;
  // JIT compilation pays off for long reports, not for queries of tens of milliseconds: it added
  // 40 ms and more to each dashboard aggregate. A DATABASE_URL with its own `options` overrides this.
  // (Not `plan_cache_mode=force_generic_plan`: it applies to every statement with parameters, the
  // unnamed ones too, and gave the meter-value batch a plan that scanned the sessions; see
  // db/prepared.ts.)
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    idleTimeoutMillis: idleSeconds * 1000,
    options: '-c jit=off',
  });
  pool.on('error', onIdleError);
  // pool.end() resolves once it has asked every connection to close, not once they have closed;
  // close() waits for the last one so that nothing of this pool is left behind it.
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (c) => open.add(c));
  const closed = new Promise<void>((resolve) => {
    pool.on('remove', (c) => {
      open.delete(c);
      if (pool.ended && open.size === 0) resolve();
    });
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  const close = async () => {
    await pool.end();
    if (open.size > 0) await closed;
  };
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, kind: 'postgres', close, poolStats };
}

/** Embedded database: a directory on disk, or a loaded dump (tests). */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const client = await PGlite.create(options.dataDir, { loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** The rows of `db.execute`: node-postgres answers `{ rows }`, PGlite's driver the same or an array. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
