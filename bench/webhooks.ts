/**
 * Webhook fan-out benchmark: events written at a steady rate, each sent to every endpoint (local
 * receivers answering 200), on PGlite or PostgreSQL.
 *
 *   npm run bench:webhooks -- --db postgres --rate 1000 --endpoints 20 --duration 30
 *
 * Measures the deliveries per second the worker sustains, the lag from an event's write to its
 * arrival, and how long writing an event's transaction takes with the worker idle and with it busy
 * (the events are written in the transactions of OCPP handling: a slower write is slower OCPP).
 * Everything runs in this one process, receivers included, so the numbers are a floor.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import type { Database } from '../apps/server/src/db/client.js';
import { integrationEvents, operators, webhookEndpoints } from '../apps/server/src/db/schema/index.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { WebhookWorker } from '../apps/server/src/modules/webhooks/worker.js';
import { openPostgres } from '../apps/server/src/db/client.js';
import { createPgDatabase, dropPgDatabase, openBenchDatabase, pgUrl } from './lib/database.js';
import { intArg, Samples } from './lib/stats.js';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    rate: { type: 'string', default: '1000' },
    endpoints: { type: 'string', default: '20' },
    duration: { type: 'string', default: '30' },
    chargers: { type: 'string', default: '500' },
  },
});
const RATE = intArg('rate', args.rate, 1, 20_000);
const ENDPOINTS = intArg('endpoints', args.endpoints, 1, 200);
const DURATION = intArg('duration', args.duration, 5, 600);
const CHARGERS = intArg('chargers', args.chargers, 1, 100_000);
const TICK_MS = 100;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voltline-bench-webhooks-'));
const pgName = `voltline_bench_webhooks_${process.pid}`;
if (args.db === 'postgres') await createPgDatabase(pgName);
// The server's default pool (DATABASE_POOL_SIZE 10), shared by the event writes and the worker.
const database: Database =
  args.db === 'postgres'
    ? await openPostgres(pgUrl(pgName), 10)
    : await openBenchDatabase(dataDir, undefined);
const { db } = database;

const lags = new Samples();
let received = 0;
const receivers: Server[] = [];
for (let i = 0; i < ENDPOINTS; i++) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received++;
      const { occurredAt } = JSON.parse(body) as { occurredAt: string };
      lags.add(Date.now() - Date.parse(occurredAt));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receivers.push(server);
}

const [op] = await db.insert(operators).values({ name: 'Bench network', path: '' }).returning();
await db
  .update(operators)
  .set({ path: `/${op!.id}/` })
  .where(eq(operators.id, op!.id));
await db.insert(webhookEndpoints).values(
  receivers.map((r) => ({
    operatorId: op!.id,
    url: `http://127.0.0.1:${(r.address() as AddressInfo).port}/hook`,
    secret: 'whsec_bench',
  })),
);

let n = 0;
/**
 * One tick's events in one transaction, as OCPP handling writes them: its group commit gathers the
 * messages of all chargers into shared transactions (services.ts, ocppWrites).
 */
async function writeEvents(count: number, writes: Samples) {
  const started = performance.now();
  await db.transaction(async (tx) => {
    await tx.insert(integrationEvents).values(
      Array.from({ length: count }, () => ({
        operatorId: op!.id,
        type: 'session.stopped',
        chargePointId: (n++ % CHARGERS) + 1,
        data: { sessionId: n, energyWh: 12_000 },
      })),
    );
  });
  writes.add(performance.now() - started);
}

async function produce(seconds: number, writes: Samples) {
  const perTick = Math.round((RATE * TICK_MS) / 1000);
  const end = performance.now() + seconds * 1000;
  let next = performance.now();
  while (performance.now() < end) {
    await writeEvents(perTick, writes);
    next += TICK_MS;
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
}

const silent = pino({ level: 'silent' });
const worker = new WebhookWorker({
  db,
  clock: systemClock,
  mailer: { send: () => Promise.resolve() },
  log: silent,
  timeoutMs: 10_000,
  pollMs: 100,
  allowPrivate: true,
  defaultLocale: 'en',
  publicUrl: 'http://localhost',
});

try {
  // Event writes alone, then with the worker sending.
  const idle = new Samples();
  await produce(Math.min(5, DURATION), idle);
  const before = n;
  await db.execute(sql`UPDATE webhook_endpoints SET cursor = ${before}`);
  const busy = new Samples();
  const started = performance.now();
  worker.start();
  await produce(DURATION, busy);
  const produced = (n - before) * ENDPOINTS;
  const during = received;
  const drainStart = performance.now();
  while (received < produced && performance.now() - drainStart < 120_000)
    await new Promise((r) => setTimeout(r, 200));
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  console.log(`db ${args.db}, ${RATE} events/s for ${DURATION} s to ${ENDPOINTS} endpoints`);
  console.log(`| measure | value |\n|---|---|`);
  console.log(`| deliveries wanted | ${produced} |`);
  console.log(`| delivered during the run | ${during} (${(during / DURATION).toFixed(0)}/s) |`);
  console.log(
    `| delivered in all | ${received} in ${seconds.toFixed(1)} s (${(received / seconds).toFixed(0)}/s) |`,
  );
  console.log(`| lag p50 / p95 | ${lags.quantile(0.5).toFixed(0)} / ${lags.quantile(0.95).toFixed(0)} ms |`);
  console.log(
    `| event write p50 / p95, worker idle | ${idle.quantile(0.5).toFixed(1)} / ${idle.quantile(0.95).toFixed(1)} ms |`,
  );
  console.log(
    `| event write p50 / p95, worker busy | ${busy.quantile(0.5).toFixed(1)} / ${busy.quantile(0.95).toFixed(1)} ms |`,
  );
} finally {
  await worker.stop();
  for (const r of receivers) r.close();
  await database.close();
  if (args.db === 'postgres') await dropPgDatabase(pgName);
  rmSync(dataDir, { recursive: true, force: true });
}
