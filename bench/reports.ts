/**
 * Report benchmarks on PostgreSQL: the sessions list (first and a deep page), the analytics
 * dashboard call, and the Excel export of 100,000 sessions (streamed; the server's memory is
 * sampled while it runs). Builds its own database with 10,000 charge points and 1,000,000 sessions,
 * then drops it. Run: npm run bench:reports [-- --sessions 1000000 --chargers 10000]
 * `--keep` leaves the database in place (its name is printed) and `--reuse NAME` runs on such a
 * database again without seeding it.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { DEMO_PASSWORD, loadConfig, type Config } from '../apps/server/src/config.js';
import { openPostgres, type Database } from '../apps/server/src/db/client.js';
import { bootstrap } from '../apps/server/src/seed/bootstrap.js';
import { createPgDatabase, dropPgDatabase, pgUrl } from './lib/database.js';
import { freePort, rssBytes, ServerProcess } from './lib/server.js';
import { mib } from './lib/stats.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const SESSIONS = arg('sessions', 1_000_000);
const CHARGERS = arg('chargers', 10_000);
const RUNS = 15;
const KEEP = process.argv.includes('--keep');
const exportAt = process.argv.indexOf('--export-rows');
/** Sizes of the Excel exports measured, e.g. `--export-rows 10000,100000,300000`. */
const EXPORT_ROWS = (exportAt > 0 ? (process.argv[exportAt + 1] ?? '') : '10000,100000')
  .split(',')
  .map(Number);
const reuseAt = process.argv.indexOf('--reuse');
const REUSE = reuseAt > 0 ? process.argv[reuseAt + 1] : undefined;

function percentile(values: number[], q: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
}

/** The demo's operators and users, then CHARGERS charge points and SESSIONS closed sessions. */
async function seed(database: Database, config: Config) {
  await bootstrap(database.db, config);
  const db = database.db;
  console.log(`seeding ${CHARGERS} charge points and ${SESSIONS} sessions...`);
  await db.execute(sql`
    INSERT INTO charge_points (charge_point_id, operator_id, name, city, connected, latitude, longitude)
    SELECT 'RB-' || lpad(g::text, 5, '0'), o.id, 'Bench site ' || g, CASE WHEN g % 2 = 0 THEN 'İstanbul' ELSE 'Ankara' END,
      g % 10 <> 0, 39 + (g % 300) / 100.0, 29 + (g % 400) / 100.0
    FROM generate_series(1, ${CHARGERS}::int) g
    JOIN operators o ON o.name = CASE WHEN g % 2 = 0 THEN 'Voltline İstanbul' ELSE 'Voltline Ankara' END`);
  await db.execute(sql`
    INSERT INTO connectors (charge_point_id, connector_id, status)
    SELECT cp.id, k, CASE WHEN (cp.id + k) % 7 = 0 THEN 'Charging' WHEN (cp.id + k) % 31 = 0 THEN 'Faulted' ELSE 'Available' END
    FROM charge_points cp, generate_series(1, 2) k WHERE cp.charge_point_id LIKE 'RB-%'`);
  await db.execute(sql`
    INSERT INTO connection_events (charge_point_id, event, at)
    SELECT cp.id, 'connected', now() - interval '60 days' FROM charge_points cp WHERE cp.charge_point_id LIKE 'RB-%'`);
  for (let start = 0; start < SESSIONS; start += 250_000) {
    const end = Math.min(SESSIONS, start + 250_000);
    await db.execute(sql`
      INSERT INTO charging_sessions (charge_point_id, operator_id, connector_id, id_tag, meter_start, meter_stop,
        started_at, stopped_at, energy_wh, last_meter_wh, cost, currency, state, "authorization")
      SELECT cp.id, cp.operator_id, 1 + g % 2, 'TAG' || (g % 5000), 0, 5000 + g % 40000,
        now() - g * interval '3 seconds', now() - g * interval '3 seconds' + interval '50 minutes',
        5000 + g % 40000, 5000 + g % 40000, (5000 + g % 40000) * 85 / 100, 'TRY', 'completed', 'Accepted'
      FROM generate_series(${start + 1}::int, ${end}::int) g
      JOIN charge_points cp ON cp.charge_point_id = 'RB-' || lpad((1 + g % ${CHARGERS}::int)::text, 5, '0')`);
  }
  // What autovacuum does on a live database: statistics, and the visibility map index-only scans rely on.
  await db.execute(sql`VACUUM ANALYZE`);
}

async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/portal/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'admin@voltline.local', Password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: HTTP ${login.status}`);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

async function main() {
  const name = REUSE ?? `voltline_bench_reports_${process.pid}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voltline-bench-reports-'));
  const serverDir = mkdtempSync(path.join(os.tmpdir(), 'voltline-bench-reports-server-'));
  if (!REUSE) await createPgDatabase(name);
  const database = await openPostgres(pgUrl(name), 10);
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: pgUrl(name),
      LOG_LEVEL: 'warn',
      SIMULATE: 'false',
      RATE_LIMIT_PER_MINUTE: '1000000',
      WEB_DIST: path.join(dataDir, 'none'),
    });
    const db = database.db;
    const t0 = performance.now();
    if (!REUSE) {
      await seed(database, config);
      console.log(`seeded in ${Math.round((performance.now() - t0) / 1000)} s`);
    }

    const app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = await signIn(base);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const time = async (label: string, url: string, init: RequestInit) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        const s = performance.now();
        const r = await fetch(`${base}${url}`, init);
        await r.arrayBuffer();
        if (!r.ok) throw new Error(`${label}: HTTP ${r.status}`);
        if (i >= 2) times.push(performance.now() - s);
      }
      console.log(
        `${label}: p50 ${percentile(times, 0.5)} ms, p95 ${percentile(times, 0.95)} ms (${RUNS} runs)`,
      );
    };
    const post = (body: unknown): RequestInit => ({ method: 'POST', headers, body: JSON.stringify(body) });

    await time(
      'sessions, first page',
      '/api/portal/Transaction/GetTransactionsDynamic?index=0&size=10',
      post({}),
    );
    await time(
      'sessions, first page, filtered by operator+dates',
      '/api/portal/Transaction/GetTransactionsDynamic?index=0&size=10',
      post({ operatorId: 2, from: new Date(Date.now() - 7 * 86_400_000).toISOString() }),
    );
    await time(
      'sessions, deep page (index 5,000), filtered by operator',
      '/api/portal/Transaction/GetTransactionsDynamic?index=5000&size=10',
      post({ operatorId: 2 }),
    );
    await time(
      'sessions, deep page (index 2,000), filtered by operator+last 7 days',
      '/api/portal/Transaction/GetTransactionsDynamic?index=2000&size=10',
      post({ operatorId: 2, from: new Date(Date.now() - 7 * 86_400_000).toISOString() }),
    );
    await time(
      'sessions, deep page (index 5,000)',
      '/api/portal/Transaction/GetTransactionsDynamic?index=5000&size=10',
      post({}),
    );
    await time(
      'sessions, deep page (index 50,000)',
      '/api/portal/Transaction/GetTransactionsDynamic?index=50000&size=10',
      post({}),
    );
    await time('analytics, last 7 days', `/api/portal/analytics?tz=Europe/Istanbul`, { headers });
    await time(
      'analytics, last 30 days',
      `/api/portal/analytics?from=${new Date(Date.now() - 30 * 86_400_000).toISOString()}`,
      { headers },
    );

    await app.close();

    // Excel exports, from a server in its own process so that its memory is the export's alone:
    // the 10,000 and the 100,000 newest sessions, read as streams, the server's RSS sampled.
    const port = await freePort();
    const server = new ServerProcess({ dataDir: serverDir, port, databaseUrl: pgUrl(name) });
    await server.start();
    try {
      const sbase = `http://127.0.0.1:${port}`;
      const token2 = await signIn(sbase);
      const idle = rssBytes(server.pid);
      for (const rows of EXPORT_ROWS) {
        const from = await db.execute(
          sql`SELECT started_at AS at FROM charging_sessions ORDER BY started_at DESC OFFSET ${rows - 1} LIMIT 1`,
        );
        const since = (from as { rows: { at: Date | string }[] }).rows[0]?.at;
        const samples: number[] = [];
        const sampler = setInterval(() => samples.push(rssBytes(server.pid)), 50);
        const s0 = performance.now();
        const res = await fetch(`${sbase}/api/portal/Transaction/GetTransactionsExcel`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token2}`, 'content-type': 'application/json' },
          body: JSON.stringify({ from: new Date(since ?? 0).toISOString() }),
        });
        let bytes = 0;
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
        clearInterval(sampler);
        const quarter = Math.max(1, Math.floor(samples.length / 4));
        const peakOf = (list: number[]) => mib(Math.max(0, ...list));
        console.log(
          `excel export, ${rows} rows: ${Math.round(performance.now() - s0)} ms, ${mib(bytes)} MiB file; server RSS idle ${mib(idle)} MiB, ` +
            `peak ${peakOf(samples)} MiB (first quarter ${peakOf(samples.slice(0, quarter))}, last quarter ${peakOf(samples.slice(-quarter))})`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await database.close();
    if (KEEP || REUSE) console.log(`database kept: ${name} (--reuse ${name})`);
    else await dropPgDatabase(name);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(serverDir, { recursive: true, force: true });
  }
}

await main();
