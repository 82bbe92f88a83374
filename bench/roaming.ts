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
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { inArray } from 'drizzle-orm';
import pino from 'pino';
import type { Database } from '../apps/server/src/db/client.js';
import { openPostgres } from '../apps/server/src/db/client.js';
import { roamingPartners } from '../apps/server/src/db/schema/index.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import {
  recordStatuses,
  type StatusReport,
} from '../apps/server/src/modules/charge-points/status-batch.repository.js';
import { RoamingCatalog } from '../apps/server/src/modules/roaming/catalog.js';
import { RoamingPusher } from '../apps/server/src/modules/roaming/push/pusher.js';
import { createPgDatabase, dropPgDatabase, openBenchDatabase, pgUrl } from './lib/database.js';
import { insertPartners, own, seedNetwork, startReceivers } from './lib/roaming-fixture.js';
import { intArg, Samples } from './lib/stats.js';

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

const lags = new Samples();
/** Lag is measured for the changes written from this time on (the run, not the writes-alone phase). */
let measureFrom = Infinity;
const receivers = await startReceivers(PARTNERS, (at) => {
  if (at >= measureFrom) lags.add(Date.now() - at);
});
const { operatorId, evses } = await seedNetwork(db, CHARGERS);
const partnerIds = await insertPartners(db, receivers, operatorId);

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
const writesIdle = new Samples();
const writesBusy = new Samples();
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
const passes = new Samples();
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
