import path from 'node:path';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/db/client.js';
import {
  balanceEntries,
  chargePoints,
  chargingSessions,
  connectors,
  drivers,
  meterValues,
  ocppMessages,
  operators,
  payments,
  rfidCards,
  statusHistory,
  tariffs,
} from '../../apps/server/src/db/schema/index.js';
import { hashChargerPassword } from '../../apps/server/src/lib/charger-auth.js';

export const PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The database's URL over TCP on loopback, or over the Unix socket in `socketDir`. */
export function pgUrl(database: string, socketDir?: string): string {
  if (socketDir) return `postgres://postgres@/${database}?host=${encodeURIComponent(socketDir)}`;
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

/** The idTag of bench card `n` (`BC000001`…); unknown cards of the real mix use `BX…`. */
export function benchCard(n: number): string {
  return `BC${String(n).padStart(6, '0')}`;
}

/**
 * The real mix's setup: `count` drivers of the demo's İstanbul operator (prepaid), one card each,
 * with a balance well above the operator's minimum (ledger entry included, as the balance is
 * always the ledger's sum); every `blockedEvery`-th card is blocked. A prepaid tariff on every
 * bench connector, so each StopTransaction is billed as in production: a payment line and a
 * debit on the driver's balance.
 */
export async function registerCards(database: Database, count: number, blockedEvery: number): Promise<void> {
  const { db } = database;
  const [op] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.name, 'Voltline İstanbul'));
  if (!op) throw new Error('the demo operator "Voltline İstanbul" is missing (SEED_DEMO=true)');
  const BALANCE = 100_000_000;
  for (let first = 1; first <= count; first += 500) {
    const numbers = Array.from({ length: Math.min(500, count - first + 1) }, (_, i) => first + i);
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(drivers)
        .values(
          numbers.map((n) => ({
            operatorId: op.id,
            name: 'Bench',
            surname: `Driver ${n}`,
            balance: BALANCE,
          })),
        )
        .returning({ id: drivers.id });
      await tx.insert(balanceEntries).values(
        rows.map((r) => ({
          driverId: r.id,
          amount: BALANCE,
          kind: 'topup',
          reason: 'bench',
          balanceAfter: BALANCE,
        })),
      );
      await tx.insert(rfidCards).values(
        rows.map((r, i) => {
          const n = numbers[i] ?? 0;
          return {
            driverId: r.id,
            number: benchCard(n),
            status: n % blockedEvery === 0 ? 'blocked' : 'active',
          };
        }),
      );
    });
  }
  const [tariff] = await db
    .insert(tariffs)
    .values({
      operatorId: op.id,
      name: 'Bench AC',
      type: 'AC',
      paymentType: 'Prepaid',
      currency: 'TRY',
      pricePerKwh: 850,
      validFrom: new Date(Date.now() - 86_400_000),
    })
    .returning({ id: tariffs.id });
  if (!tariff) throw new Error('bench tariff not stored');
  await db.execute(
    sql`UPDATE connectors SET tariff_id = ${tariff.id} FROM charge_points cp
        WHERE cp.id = connectors.charge_point_id AND cp.charge_point_id LIKE ${`${BENCH_PREFIX}%`}`,
  );
}

/** Sessions as the database has them at the end of a run, to set beside what the chargers did. */
export async function sessionTotals(database: Database) {
  const { db } = database;
  const rows = await db
    .select({ state: chargingSessions.state, n: sql<number>`count(*)::int` })
    .from(chargingSessions)
    .groupBy(chargingSessions.state);
  const byState = Object.fromEntries(rows.map((r) => [r.state, r.n]));
  const [p] = await db
    .select({
      n: sql<number>`count(*)::int`,
      sessions: sql<number>`count(DISTINCT ${payments.sessionId})::int`,
    })
    .from(payments)
    .where(eq(payments.kind, 'session'));
  const [charges] = await db
    .select({
      n: sql<number>`count(*)::int`,
      sessions: sql<number>`count(DISTINCT ${balanceEntries.reference})::int`,
    })
    .from(balanceEntries)
    .where(eq(balanceEntries.kind, 'charge'));
  // A balance that is not the sum of its ledger would be money lost or made.
  const [drift] = await db
    .execute<{ n: number }>(
      sql`
    SELECT count(*)::int AS n FROM drivers d
    WHERE d.balance <> coalesce((SELECT sum(amount) FROM balance_entries b WHERE b.driver_id = d.id), 0)`,
    )
    .then((r) => (r as { rows: { n: number }[] }).rows);
  return {
    byState,
    payments: p?.n ?? 0,
    paidSessions: p?.sessions ?? 0,
    balanceCharges: charges?.n ?? 0,
    chargedSessions: charges?.sessions ?? 0,
    driversWithBalanceDrift: drift?.n ?? 0,
    ...(await totalsByVersion(database)),
  };
}

/**
 * The same end checks per OCPP version: a 2.0.1 charger's session carries the charger's own
 * transaction id (charger_transaction_id), a 1.6 one does not. Each completed session should have
 * one payment line and one balance charge (`session:<id>`), whichever version stopped it.
 */
async function totalsByVersion(database: Database) {
  const rows = await database.db
    .execute<{ v201: boolean; state: string; n: number; payments: number; charges: number }>(
      sql`
    SELECT (s.charger_transaction_id IS NOT NULL) AS v201, s.state, count(*)::int AS n,
      coalesce(sum((SELECT count(*) FROM payments p WHERE p.session_id = s.id AND p.kind = 'session')), 0)::int AS payments,
      coalesce(sum((SELECT count(*) FROM balance_entries b
        WHERE b.reference = 'session:' || s.id AND b.kind = 'charge')), 0)::int AS charges
    FROM charging_sessions s GROUP BY 1, 2`,
    )
    .then(
      (r) =>
        (r as { rows: { v201: boolean; state: string; n: number; payments: number; charges: number }[] })
          .rows,
    );
  const of = (v201: boolean) => {
    const mine = rows.filter((r) => r.v201 === v201);
    return {
      byState: Object.fromEntries(mine.map((r) => [r.state, r.n])),
      payments: mine.reduce((sum, r) => sum + r.payments, 0),
      balanceCharges: mine.reduce((sum, r) => sum + r.charges, 0),
    };
  };
  return { ocpp16: of(false), ocpp201: of(true) };
}

/**
 * The delay between a charger sending a CALL and the server reading it: the bench client puts its
 * send time (µs since the epoch) into each message id (`<seq>-<µs>`), and the server's message log
 * stores the time it read the frame. Same machine, same clock. Per action, in ms.
 */
export async function readDelays(database: Database, from: Date, to: Date) {
  const { db } = database;
  const r = await db.execute(sql`
    WITH d AS (
      SELECT action, (extract(epoch FROM at) * 1e6 - split_part(message_id, '-', 2)::bigint) / 1000.0 AS ms
      FROM ${ocppMessages}
      WHERE direction = 'in' AND message_type = 'CALL' AND at >= ${from.toISOString()}::timestamptz
        AND at < ${to.toISOString()}::timestamptz AND message_id LIKE '%-%'
    )
    SELECT coalesce(action, 'all') AS action, count(*)::int AS n,
      round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 1)::float8 AS p50,
      round(percentile_cont(0.99) WITHIN GROUP (ORDER BY ms)::numeric, 1)::float8 AS p99,
      round(max(ms)::numeric, 1)::float8 AS max
    FROM d GROUP BY ROLLUP (action) ORDER BY n DESC`);
  const rows = (r as { rows: { action: string; n: number; p50: number; p99: number; max: number }[] }).rows;
  return Object.fromEntries(rows.map(({ action, ...rest }) => [action, rest]));
}

/** Counts of a PostgreSQL database's activity (pg_stat_database): commits, rows written. */
export async function pgDatabaseStats(name: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    const r = await client.query<Record<string, string>>(
      `SELECT xact_commit, xact_rollback, tup_inserted, tup_updated, tup_deleted, blks_hit, blks_read
         FROM pg_stat_database WHERE datname = $1`,
      [name],
    );
    const row = r.rows[0] ?? {};
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<string, number>;
  } finally {
    await client.end();
  }
}

/** Sessions started and stopped in [from, to). */
export async function countSessions(database: Database, from: Date, to: Date) {
  const { db } = database;
  const [s] = await db
    .select({
      started: sql<number>`count(*) FILTER (WHERE ${chargingSessions.startedAt} >= ${from.toISOString()}::timestamptz AND ${chargingSessions.startedAt} < ${to.toISOString()}::timestamptz)::int`,
      stopped: sql<number>`count(*) FILTER (WHERE ${chargingSessions.stoppedAt} >= ${from.toISOString()}::timestamptz AND ${chargingSessions.stoppedAt} < ${to.toISOString()}::timestamptz)::int`,
    })
    .from(chargingSessions);
  return { started: s?.started ?? 0, stopped: s?.stopped ?? 0 };
}

/**
 * CPU time of the PostgreSQL backends serving one database over a window. The server's pool opens
 * and closes connections as the load asks (an idle one after DATABASE_POOL_IDLE_SECONDS), so the backends are
 * looked up every second: one that appears counts from zero (it started inside the window), one
 * that ends keeps what it had used when last seen.
 */
export class PgCpuTracker {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private client: pg.Client | undefined;

  constructor(
    private readonly database: string,
    private readonly cpuOf: (pid: number) => number | undefined,
  ) {}

  async start(): Promise<void> {
    this.client = new pg.Client({ connectionString: PG_ADMIN_URL });
    await this.client.connect();
    for (const pid of await this.pids()) {
      const cpu = this.cpuOf(pid);
      if (cpu !== undefined) {
        this.first.set(pid, cpu);
        this.last.set(pid, cpu);
      }
    }
    this.timer = setInterval(() => void this.sample().catch(() => undefined), 1000);
  }

  private async pids(): Promise<number[]> {
    const r = await this.client?.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1',
      [this.database],
    );
    return r?.rows.map((row) => row.pid) ?? [];
  }

  private async sample(): Promise<void> {
    for (const pid of await this.pids()) if (!this.first.has(pid)) this.first.set(pid, 0);
    for (const pid of this.first.keys()) {
      const cpu = this.cpuOf(pid);
      if (cpu !== undefined) this.last.set(pid, cpu);
    }
  }

  /** Backends that served the window (a pool that closes idle connections opens new ones). */
  get backends(): number {
    return this.first.size;
  }

  /** CPU seconds used in the window so far, by all backends seen. */
  async seconds(): Promise<number> {
    await this.sample();
    let total = 0;
    for (const [pid, from] of this.first) total += (this.last.get(pid) ?? from) - from;
    return total;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.client?.end();
  }
}

/**
 * PostgreSQL's own account of the statements of the measured window, when the server loads
 * `pg_stat_statements` (`shared_preload_libraries`; docs/benchmarks.md): calls, and the time
 * spent planning and executing them, per statement text. Returns undefined when it is not loaded.
 */
export class PgStatements {
  private constructor(private readonly database: string) {}

  /** Creates the extension in the bench database and empties its counters; undefined when unavailable. */
  static async start(database: string): Promise<PgStatements | undefined> {
    const client = new pg.Client({ connectionString: pgUrl(database) });
    await client.connect();
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      await client.query('SELECT pg_stat_statements_reset()');
      return new PgStatements(database);
    } catch {
      return undefined;
    } finally {
      await client.end();
    }
  }

  /** The window's statements of the bench database, the costliest first, with totals per message. */
  async report(messages: number, top = 12) {
    const client = new pg.Client({ connectionString: pgUrl(this.database) });
    await client.connect();
    try {
      const r = await client.query<{
        calls: string;
        exec: number;
        plan: number;
        rows: string;
        query: string;
      }>(
        `SELECT s.calls, s.total_exec_time AS exec, s.total_plan_time AS plan, s.rows, s.query
           FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
          WHERE d.datname = $1 AND s.query NOT LIKE '%pg_stat_statements%'
          ORDER BY s.total_exec_time + s.total_plan_time DESC`,
        [this.database],
      );
      const per = (n: number) => Math.round((n / Math.max(1, messages)) * 1000) / 1000;
      const rows = r.rows.map((s) => ({
        calls: Number(s.calls),
        execMs: Math.round(s.exec),
        planMs: Math.round(s.plan),
        rows: Number(s.rows),
        query: s.query.replace(/\s+/g, ' ').slice(0, 160),
      }));
      return {
        statementsPerMessage: per(rows.reduce((a, s) => a + s.calls, 0)),
        execMsPerMessage: per(rows.reduce((a, s) => a + s.execMs, 0)),
        planMsPerMessage: per(rows.reduce((a, s) => a + s.planMs, 0)),
        top: rows.slice(0, top),
      };
    } finally {
      await client.end();
    }
  }
}
