/**
 * Roaming push benchmark (issue #31): EVSE status changes written at a steady rate, as the OCPP
 * side writes them, and pushed by the roaming pusher to N partners (local OCPI receivers), on
 * PGlite or PostgreSQL.
 *
 *   npm run bench:roaming -- --db postgres --partners 10 --chargers 500 --rate 200 --duration 30
 *
 * Measures the PATCHes per second one process sends (in all and per partner), the lag from a
 * status's write to its PATCH's arrival, the process's CPU per push, and checks at the end that each
 * partner holds every EVSE's current status. `--interval` is the time between passes (the server's
 * 2,000 ms; 0: passes back to back). Everything runs in this one process, receivers included, so
 * the numbers are a floor.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import type { Database } from '../apps/server/src/db/client.js';
import { openPostgres } from '../apps/server/src/db/client.js';
import {
  chargePoints,
  connectors,
  operators,
  roamingPartners,
  tariffs,
} from '../apps/server/src/db/schema/index.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import {
  recordStatuses,
  type StatusReport,
} from '../apps/server/src/modules/charge-points/status-batch.repository.js';
import { cursorNow } from '../apps/server/src/modules/events/commit-order.js';
import { RoamingCatalog } from '../apps/server/src/modules/roaming/catalog.js';
import { RoamingPusher } from '../apps/server/src/modules/roaming/push/pusher.js';
import type { OwnParty } from '../apps/server/src/modules/roaming/ocpi/credentials.js';
import { createPgDatabase, dropPgDatabase, openBenchDatabase, pgUrl } from './lib/database.js';
import { intArg } from './lib/stats.js';

/** Milliseconds measured, and their quantiles. */
class Latencies {
  private readonly xs: number[] = [];
  add(ms: number) {
    this.xs.push(ms);
  }
  get count() {
    return this.xs.length;
  }
  quantile(q: number): number {
    const sorted = [...this.xs].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  }
}

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    partners: { type: 'string', default: '10' },
    chargers: { type: 'string', default: '500' },
    rate: { type: 'string', default: '200' },
    duration: { type: 'string', default: '30' },
    interval: { type: 'string', default: '2000' },
  },
});
const PARTNERS = intArg('partners', args.partners, 1, 100);
const CHARGERS = intArg('chargers', args.chargers, 1, 100_000);
const RATE = intArg('rate', args.rate, 1, 20_000);
const DURATION = intArg('duration', args.duration, 5, 600);
const INTERVAL = intArg('interval', args.interval, 0, 60_000);
const TICK_MS = 100;
/** Writes alone, before the pusher starts: the producer's own CPU, to set apart from the pushes'. */
const BASELINE_S = 3;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voltline-bench-roaming-'));
const pgName = `voltline_bench_roaming_${process.pid}`;
if (args.db === 'postgres') await createPgDatabase(pgName);
// The server's default pool (DATABASE_POOL_SIZE 10), shared by the status writes and the pusher.
const database: Database =
  args.db === 'postgres'
    ? await openPostgres(pgUrl(pgName), 10)
    : await openBenchDatabase(dataDir, undefined);
const { db } = database;

/** One partner's receiver: the last status of each EVSE it was told, and what it was sent. */
interface Receiver {
  server: Server;
  patches: number;
  puts: number;
  /** EVSE uid → [OCPI status, last_updated]. */
  evses: Map<string, [string, string]>;
}

const lags = new Latencies();
/** Lag is measured for the changes written from this time on (the run, not the writes-alone phase). */
let measureFrom = Infinity;
const receivers: Receiver[] = [];
for (let i = 0; i < PARTNERS; i++) {
  const r: Receiver = { server: createServer(), patches: 0, puts: 0, evses: new Map() };
  r.server.on('request', (req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      // …/locations/{country}/{party}/{location}/{evse} for an EVSE's PATCH.
      const parts = (req.url ?? '').split('/');
      if (req.method === 'PATCH') {
        const patch = JSON.parse(body) as { status: string; last_updated: string };
        const uid = parts.at(-1) ?? '';
        const seen = r.evses.get(uid);
        if (!seen || seen[1] <= patch.last_updated) r.evses.set(uid, [patch.status, patch.last_updated]);
        r.patches++;
        const at = Date.parse(patch.last_updated);
        if (at >= measureFrom) lags.add(Date.now() - at);
      } else if (req.method === 'PUT') {
        r.puts++;
        // A whole location: its EVSEs' statuses as of the PUT.
        const location = JSON.parse(body) as {
          evses?: { uid: string; status: string; last_updated: string }[];
        };
        for (const e of location.evses ?? []) r.evses.set(e.uid, [e.status, e.last_updated]);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          status_code: 1000,
          status_message: 'Success',
          timestamp: new Date().toISOString(),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
  receivers.push(r);
}

// One operator, its chargers (connected, with coordinates) with two connectors each, one tariff.
const [op] = await db.insert(operators).values({ name: 'Bench roaming network', path: '' }).returning();
const operatorId = op!.id;
await db
  .update(operators)
  .set({ path: `/${operatorId}/` })
  .where(eq(operators.id, operatorId));
const [tariff] = await db
  .insert(tariffs)
  .values({
    operatorId,
    name: 'Bench AC',
    type: 'AC',
    paymentType: 'Prepaid',
    currency: 'TRY',
    pricePerKwh: 850,
    validFrom: new Date(Date.now() - 86_400_000),
    createdAt: new Date(Date.now() - 600_000),
    updatedAt: new Date(Date.now() - 600_000),
  })
  .returning({ id: tariffs.id });
/** Each connector: charge point id, connector id, its row id (the EVSE uid), its current status. */
const evses: { chargePointId: number; connectorId: number; uid: string; status: string }[] = [];
// Made ten minutes ago: a pass re-sends the locations changed within its overlap (5 s) of the
// last one, which rows made just now would be.
const setupAt = new Date(Date.now() - 600_000);
for (let first = 1; first <= CHARGERS; first += 500) {
  const numbers = Array.from({ length: Math.min(500, CHARGERS - first + 1) }, (_, i) => first + i);
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(chargePoints)
      .values(
        numbers.map((n) => ({
          chargePointId: `ROAM-${String(n).padStart(5, '0')}`,
          operatorId,
          name: `Bench ${n}`,
          registrationStatus: 'accepted',
          latitude: 41 + (n % 100) / 1000,
          longitude: 29 + Math.floor(n / 100) / 1000,
          connected: true,
          lastConnectedAt: setupAt,
          status: 'Available',
          statusAt: setupAt,
          createdAt: setupAt,
          updatedAt: setupAt,
        })),
      )
      .returning({ id: chargePoints.id });
    const made = await tx
      .insert(connectors)
      .values(
        rows.flatMap((r) =>
          [1, 2].map((connectorId) => ({
            chargePointId: r.id,
            connectorId,
            status: 'Available',
            statusAt: setupAt,
            createdAt: setupAt,
            tariffId: tariff!.id,
          })),
        ),
      )
      .returning({
        id: connectors.id,
        chargePointId: connectors.chargePointId,
        connectorId: connectors.connectorId,
      });
    for (const c of made)
      evses.push({
        chargePointId: c.chargePointId,
        connectorId: c.connectorId,
        uid: String(c.id),
        status: 'Available',
      });
  });
}

const own: OwnParty = {
  countryCode: 'TR',
  partyId: 'VLT',
  name: 'Voltline',
  versionsUrl: 'http://127.0.0.1/ocpi/versions',
  website: 'http://127.0.0.1',
};
const cursor = await cursorNow(db);
const partnerIds = (
  await db
    .insert(roamingPartners)
    .values(
      receivers.map((r, i) => {
        const base = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/ocpi/emsp/2.2.1`;
        return {
          operatorId,
          name: `Bench eMSP ${i + 1}`,
          state: 'registered',
          direction: 'outbound',
          countryCode: 'NL',
          partyId: `E${String(i).padStart(2, '0')}`,
          role: 'EMSP',
          version: '2.2.1',
          endpoints: [
            { identifier: 'locations', role: 'RECEIVER', url: `${base}/locations` },
            { identifier: 'tariffs', role: 'RECEIVER', url: `${base}/tariffs` },
          ],
          outgoingToken: `bench-token-${i}`,
          publishedOperatorIds: [operatorId],
          pushCursor: cursor.id,
          pushCursorTx: cursor.tx,
        } satisfies typeof roamingPartners.$inferInsert;
      }),
    )
    .returning({ id: roamingPartners.id })
).map((p) => p.id);

const catalog = new RoamingCatalog(db, own);
const silent = pino({ level: 'silent' });
let callErrors = 0;
const pusher = new RoamingPusher({
  db,
  clock: systemClock,
  log: silent,
  own,
  // As roaming.wiring.ts builds it, with OCPI_ALLOW_PRIVATE=true for the loopback receivers.
  call: { timeoutMs: 15_000, allowPrivate: true },
  catalog,
  recordError: () => {
    callErrors++;
    return Promise.resolve();
  },
});

/** Status changes as chargers report them: the OCPP side's group commit writes a tick's in one transaction. */
const CYCLE = ['Available', 'Charging', 'Unavailable', 'Reserved'];
let written = 0;
let n = 0;
/** Status-writing transactions: pusher idle, then busy. */
const writesIdle = new Latencies();
const writesBusy = new Latencies();
let writes = writesIdle;
async function writeTick(count: number) {
  const at = new Date();
  const reports: StatusReport[] = [];
  const touched = new Set<number>();
  for (let i = 0; i < count; i++) {
    // A different connector each time (a stride through them), its status made different from now.
    let k = (n++ * 7919) % evses.length;
    while (touched.has(k)) k = (k + 1) % evses.length;
    touched.add(k);
    const e = evses[k]!;
    const next = CYCLE[(CYCLE.indexOf(e.status) + 1 + (n % (CYCLE.length - 1))) % CYCLE.length]!;
    e.status = next;
    reports.push({
      chargePointId: e.chargePointId,
      connectorId: e.connectorId,
      status: next,
      errorCode: 'NoError',
      info: null,
      vendorId: null,
      vendorErrorCode: null,
      at,
    });
  }
  const started = performance.now();
  await db.transaction((tx) => recordStatuses(tx, reports));
  writes.add(performance.now() - started);
  written += count;
}

async function produce(seconds: number) {
  const perTick = Math.min(evses.length, Math.max(1, Math.round((RATE * TICK_MS) / 1000)));
  const end = performance.now() + seconds * 1000;
  let next = performance.now();
  while (performance.now() < end) {
    await writeTick(perTick);
    next += TICK_MS;
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
}

/** Passes as the server's timer makes them (one at a time, `INTERVAL` apart), until stopped. */
const passes = new Latencies();
let passing = true;
async function pushLoop() {
  while (passing) {
    const started = performance.now();
    await pusher.run();
    passes.add(performance.now() - started);
    if (INTERVAL > 0) await new Promise((r) => setTimeout(r, INTERVAL));
  }
}

const totalPatches = () => receivers.reduce((s, r) => s + r.patches, 0);
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

try {
  // The first pass sends every location and tariff to each partner (as after a registration).
  let t = performance.now();
  await pusher.run();
  const initialSeconds = (performance.now() - t) / 1000;
  const initialPuts = receivers.reduce((s, r) => s + r.puts, 0);

  // Writes alone: the producer's CPU per second.
  let cpu = process.cpuUsage();
  t = performance.now();
  await produce(BASELINE_S);
  const producerCpuPerS = cpuMs(process.cpuUsage(cpu)) / ((performance.now() - t) / 1000);
  // Changes written so far reach the partners in the first pass of the loop.

  // The changes of the writes-alone phase are sent by the run's first pass: counted in the run.
  const baselineWritten = written;
  const patchesBefore = totalPatches();
  measureFrom = Date.now();
  cpu = process.cpuUsage();
  const started = performance.now();
  const loop = pushLoop();
  writes = writesBusy;
  await produce(DURATION);
  const writeSeconds = (performance.now() - started) / 1000;
  const writtenRun = written - baselineWritten;
  const patchesDuring = totalPatches() - patchesBefore;
  // Drain: passes go on until one finds nothing new to send.
  const drainStart = performance.now();
  let last = -1;
  while (performance.now() - drainStart < 180_000) {
    await new Promise((r) => setTimeout(r, Math.max(INTERVAL, 200) * 2 + 500));
    const now = totalPatches();
    if (now === last) break;
    last = now;
  }
  passing = false;
  await loop;
  const seconds = (performance.now() - started) / 1000;
  const cpuRun = cpuMs(process.cpuUsage(cpu));
  const patchesRun = totalPatches() - patchesBefore;

  // Every partner holds each EVSE's current status, as the catalogue computes it from the database.
  const [partner] = await db.select().from(roamingPartners).where(inArray(roamingPartners.id, partnerIds));
  const truth = await catalog.evseStatuses(
    partner!,
    [...new Set(evses.map((e) => e.chargePointId))].map((chargePointId) => ({
      chargePointId,
      connectorId: null,
    })),
  );
  const mismatches = receivers.map(
    (r) => truth.filter((e) => r.evses.get(e.evseUid)?.[0] !== e.status).length,
  );
  const stuck = await db
    .select({ failures: roamingPartners.pushFailures })
    .from(roamingPartners)
    .where(inArray(roamingPartners.id, partnerIds));

  const pushCpu = Math.max(0, cpuRun - producerCpuPerS * writeSeconds);
  const perPartner = receivers.map((r) => r.patches);
  console.log(
    `db ${args.db}, ${CHARGERS} chargers (${evses.length} EVSEs), ${PARTNERS} partners, ` +
      `${RATE} status changes/s for ${DURATION} s, passes ${INTERVAL > 0 ? `every ${INTERVAL} ms` : 'back to back'}`,
  );
  console.log(`| measure | value |\n|---|---|`);
  console.log(
    `| first pass (every location and tariff PUT) | ${initialPuts} PUTs in ${initialSeconds.toFixed(1)} s (${(initialPuts / initialSeconds).toFixed(0)}/s) |`,
  );
  console.log(`| status changes written | ${writtenRun} (${(writtenRun / writeSeconds).toFixed(0)}/s) |`);
  console.log(
    `| PATCHes while writing | ${patchesDuring} (${(patchesDuring / writeSeconds).toFixed(0)}/s, ${(patchesDuring / writeSeconds / PARTNERS).toFixed(0)}/s per partner) |`,
  );
  console.log(
    `| PATCHes in all (drained) | ${patchesRun} in ${seconds.toFixed(1)} s (${(patchesRun / seconds).toFixed(0)}/s); per partner min / max ${Math.min(...perPartner)} / ${Math.max(...perPartner)} |`,
  );
  console.log(
    `| changes folded (PATCHes per partner / changes) | ${((patchesRun / PARTNERS / Math.max(1, written)) * 100).toFixed(0)} % |`,
  );
  console.log(
    `| lag p50 / p95 / p99 / max | ${lags.quantile(0.5)} / ${lags.quantile(0.95)} / ${lags.quantile(0.99)} / ${lags.quantile(1)} ms |`,
  );
  console.log(
    `| pass p50 / p95 / max (${passes.count} passes) | ${passes.quantile(0.5).toFixed(0)} / ${passes.quantile(0.95).toFixed(0)} / ${passes.quantile(1).toFixed(0)} ms |`,
  );
  console.log(
    `| process CPU: run / writes alone | ${(cpuRun / seconds / 10).toFixed(0)} % of a core / ${(producerCpuPerS / 10).toFixed(0)} % |`,
  );
  console.log(
    `| CPU per PATCH (pusher + receivers, writes' CPU taken out) | ${((pushCpu / Math.max(1, patchesRun)) * 1000).toFixed(0)} µs |`,
  );
  console.log(
    `| status write p50 / p95, pusher idle → busy | ${writesIdle.quantile(0.5).toFixed(1)} / ${writesIdle.quantile(0.95).toFixed(1)} → ${writesBusy.quantile(0.5).toFixed(1)} / ${writesBusy.quantile(0.95).toFixed(1)} ms |`,
  );
  console.log(
    `| every EVSE's final status at every partner | ${mismatches.every((m) => m === 0) ? 'yes' : `NO: ${mismatches.join(', ')} wrong`} (${truth.length} EVSEs; call errors ${callErrors}, partners failing ${stuck.filter((s) => s.failures > 0).length}) |`,
  );
} finally {
  passing = false;
  for (const r of receivers) r.server.close();
  await database.close();
  if (args.db === 'postgres') await dropPgDatabase(pgName);
  rmSync(dataDir, { recursive: true, force: true });
}
