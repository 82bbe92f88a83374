import path from 'node:path';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/db/client.js';
import {
  chargePoints,
  connectors,
  meterValues,
  ocppMessages,
  operators,
  statusHistory,
} from '../../apps/server/src/db/schema/index.js';
import { hashChargerPassword } from '../../apps/server/src/lib/charger-auth.js';

export const PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export function pgUrl(database: string): string {
  return `postgres://postgres@127.0.0.1:5432/${database}`;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createPgDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
}

export async function dropPgDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Process ids of the PostgreSQL backends serving one database (the server's pool). */
export async function pgBackendPids(name: string): Promise<number[]> {
  const r = await admin((c) =>
    c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]),
  );
  return r.rows.map((row) => row.pid);
}

/** Opens the benchmark's database from this process (PGlite only while the server is stopped). */
export function openBenchDatabase(dataDir: string, databaseUrl: string | undefined): Promise<Database> {
  return databaseUrl ? openPostgres(databaseUrl, 2) : openPglite({ dataDir: path.join(dataDir, 'pglite') });
}

export const BENCH_PREFIX = 'BENCH-';

export function benchId(n: number): string {
  return `${BENCH_PREFIX}${String(n).padStart(5, '0')}`;
}

/**
 * Registers `count` charge points with two connectors each under the demo's İstanbul operator, named
 * by `idOf` (`BENCH-00001`, … by default).
 */
export async function registerChargers(
  database: Database,
  count: number,
  password: string,
  idOf: (n: number) => string = benchId,
): Promise<void> {
  const { db } = database;
  const [op] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.name, 'Voltline İstanbul'));
  if (!op) throw new Error('the demo operator "Voltline İstanbul" is missing (SEED_DEMO=true)');
  for (let first = 1; first <= count; first += 500) {
    const numbers = Array.from({ length: Math.min(500, count - first + 1) }, (_, i) => first + i);
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(chargePoints)
        .values(
          numbers.map((n) => ({
            chargePointId: idOf(n),
            operatorId: op.id,
            name: `Bench ${n}`,
            passwordHash: hashChargerPassword(password),
            registrationStatus: 'accepted',
          })),
        )
        .returning({ id: chargePoints.id });
      await tx
        .insert(connectors)
        .values(rows.flatMap((r) => [1, 2].map((connectorId) => ({ chargePointId: r.id, connectorId }))));
    });
  }
}

export interface PersistedCounts {
  ocppMessages: number;
  meterValues: number;
  statusHistory: number;
}

/** Rows the server wrote for frames and samples timestamped inside [from, to). */
export async function countPersisted(database: Database, from: Date, to: Date): Promise<PersistedCounts> {
  const { db } = database;
  const count = sql<number>`count(*)::int`;
  const [m] = await db
    .select({ n: count })
    .from(ocppMessages)
    .where(and(gte(ocppMessages.at, from), lt(ocppMessages.at, to)));
  const [v] = await db
    .select({ n: count })
    .from(meterValues)
    .where(and(gte(meterValues.at, from), lt(meterValues.at, to)));
  const [s] = await db
    .select({ n: count })
    .from(statusHistory)
    .where(and(gte(statusHistory.at, from), lt(statusHistory.at, to)));
  return { ocppMessages: m?.n ?? 0, meterValues: v?.n ?? 0, statusHistory: s?.n ?? 0 };
}
