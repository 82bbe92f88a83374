/**
 * OCPP central-system benchmark: how many chargers one server process holds, and the sustained
 * rate of persisted messages with their response times, on PGlite or PostgreSQL.
 *
 *   npm run bench:ocpp -- --db postgres                      # real mix, 1,000 chargers, ~200 msg/s
 *   npm run bench:ocpp -- --db postgres --mix flat --chargers 10000 --rate 3000
 *   npm run bench:ocpp -- --db postgres --chargers 300 --rate 60 --ocpp 2.0.1   # 2.0.1 chargers only
 *   npm run bench:ocpp -- --db postgres --chargers 300 --rate 60 --ocpp-mix 0.5 # half of them 2.0.1
 *
 * `--ocpp 1.6|2.0.1` (default 1.6) sets every charger's version; `--ocpp-mix 0..1` the share of
 * 2.0.1 chargers instead (spread evenly over the charger numbers). 2.0.1 runs the real mix only.
 *
 * The server runs as a child process on a fresh database; this process plays the chargers over
 * loopback WebSockets. Both share the machine, so the client's CPU is reported next to the server's.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BenchCharger, bootAvailable, bootCharger, mixedMessage } from './lib/chargers.js';
import { versionOf } from './lib/dialects.js';
import { RealFleet } from './lib/real-mix.js';
import {
  benchId,
  countPersisted,
  countSessions,
  pgDatabaseStats,
  readDelays,
  registerCards,
  sessionTotals,
  createPgDatabase,
  dropPgDatabase,
  openBenchDatabase,
  PgCpuTracker,
  PgStatements,
  pgUrl,
  registerChargers,
} from './lib/database.js';
import type { ServerProcess } from './lib/server.js';
import { clusterServers, cpuSeconds, rssBytes, runQueueSeconds } from './lib/server.js';
import { intArg, Latencies, mib } from './lib/stats.js';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    chargers: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '60' },
    rate: { type: 'string' },
    mix: { type: 'string', default: 'real' },
    cards: { type: 'string', default: '5000' },
    heartbeat: { type: 'string', default: '300' },
    'reconnects-per-hour': { type: 'string', default: '2' },
    burst: { type: 'boolean', default: false },
    'pg-socket': { type: 'string' },
    warmup: { type: 'string', default: '10' },
    'connect-concurrency': { type: 'string', default: '100' },
    pool: { type: 'string' },
    processes: { type: 'string', default: '1' },
    ocpp: { type: 'string' },
    'ocpp-mix': { type: 'string' },
  },
});

const dbKind = args.db === 'postgres' ? 'postgres' : args.db === 'pglite' ? 'pglite' : undefined;
if (!dbKind) throw new Error('--db must be pglite or postgres');
const CHARGERS = intArg('chargers', args.chargers, 1, 20_000);
const DURATION = intArg('duration', args.duration, 5, 600);
const MIX = args.mix === 'flat' ? 'flat' : args.mix === 'real' ? 'real' : undefined;
if (!MIX) throw new Error('--mix must be real or flat');
const RATE = intArg('rate', args.rate ?? (MIX === 'real' ? '200' : '1000'), 1, 20_000);
const CARDS = intArg('cards', args.cards, 10, 1_000_000);
const HEARTBEAT = intArg('heartbeat', args.heartbeat, 10, 86_400);
const RECONNECTS = Number(args['reconnects-per-hour']);
if (!(RECONNECTS >= 0 && RECONNECTS <= 3600)) throw new Error('--reconnects-per-hour must be in 0..3600');
/** Real mix: every 50th card is blocked, and 2 % of plug-ins use a card Voltline does not know. */
const BLOCKED_EVERY = 50;
const UNKNOWN_SHARE = 0.02;
const WARMUP = intArg('warmup', args.warmup, 0, 120);
const CONCURRENCY = intArg('connect-concurrency', args['connect-concurrency'], 1, 1000);
const POOL = args.pool === undefined ? undefined : intArg('pool', args.pool, 1, 200);
/** Several server processes on one PostgreSQL and NATS (a cluster); each charger goes to one of them. */
const PROCESSES = intArg('processes', args.processes, 1, 8);
if (PROCESSES > 1 && dbKind !== 'postgres') throw new Error('--processes above 1 needs --db postgres');
/** Share of the chargers that speak OCPP 2.0.1 (the rest 1.6). */
const OCPP_SHARE = ocppShare(args.ocpp, args['ocpp-mix']);
if (OCPP_SHARE > 0 && MIX !== 'real') throw new Error('--ocpp 2.0.1 and --ocpp-mix need --mix real');
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voltline-bench-'));
  const pgName = `voltline_bench_${process.pid}_${Date.now()}`;
  const databaseUrl = dbKind === 'postgres' ? pgUrl(pgName, args['pg-socket']) : undefined;
  // A cluster's processes accept each other's tokens (one secret) and have a data directory each.
  const { servers, dataDirs } = await clusterServers({
    processes: PROCESSES,
    dataDir,
    databaseUrl,
    poolSize: POOL,
    name: pgName,
    natsUrl: NATS_URL,
  });
  const server = servers[0] as ServerProcess;
  const each = (fn: (s: ServerProcess) => number) => servers.reduce((sum, s) => sum + fn(s), 0);
  const stopAll = () => Promise.all(servers.map((s) => s.stop()));
  const clients: BenchCharger[] = [];
  /** Charger n (1-based) talks to process (n - 1) mod PROCESSES. */
  const processOf = (id: string) => (Number(id.slice(-5)) - 1) % PROCESSES;
  const urlOf = (id: string) => (servers[processOf(id)] ?? server).ocppUrl;
  const answeredBy = servers.map(() => 0);
  // Whatever happens, the run ends: a ramp budget of 0.2 s per charger, then the load phases.
  const deadline = setTimeout(
    () => {
      console.error('benchmark deadline passed; stopping');
      servers.forEach((s) => s.kill());
      for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
      const drop = databaseUrl ? dropPgDatabase(pgName) : Promise.resolve();
      void drop.finally(() => process.exit(2));
    },
    (300 + CHARGERS * 0.2 + DURATION + WARMUP) * 1000,
  );
  deadline.unref();
  process.once('exit', () => servers.forEach((s) => s.kill()));

  try {
    if (databaseUrl) await createPgDatabase(pgName);
    log(`${dbKind}: first start (migrations, demo seed) in ${dataDir}`);
    await server.start();
    await server.stop();

    const password = randomBytes(18).toString('base64url');
    const setup = await openBenchDatabase(dataDir, databaseUrl);
    await registerChargers(setup, CHARGERS, password);
    if (MIX === 'real') await registerCards(setup, CARDS, BLOCKED_EVERY);
    await setup.close();
    log(`registered ${CHARGERS} charge points${MIX === 'real' ? ` and ${CARDS} cards` : ''}`);

    await Promise.all(servers.map((s) => s.start()));
    if (PROCESSES > 1) log(`${PROCESSES} processes on one database and NATS (${NATS_URL})`);
    await sleep(2000);
    const rssIdle = each((s) => rssBytes(s.pid));

    // Ramp: connect and boot every charger, `CONCURRENCY` at a time.
    const latencies = new Latencies();
    let recording = false;
    const onAnswer = (at: number) => (action: string, ms: number, ok: boolean) => {
      if (!recording) return;
      latencies.add(action, ms, ok);
      if (ok) answeredBy[at] = (answeredBy[at] ?? 0) + 1;
    };
    for (let n = 1; n <= CHARGERS; n++)
      clients.push(new BenchCharger(benchId(n), onAnswer((n - 1) % PROCESSES), versionOf(n, OCPP_SHARE)));
    let next = 0;
    let failed = 0;
    let firstError = '';
    const rampStart = performance.now();
    const worker = async () => {
      for (let i = next++; i < clients.length; i = next++) {
        const c = clients[i];
        if (!c) continue;
        try {
          await c.connect(urlOf(c.id), password, 30_000);
          if (MIX === 'flat') await bootCharger(c, i + 1);
          else await bootAvailable(c);
        } catch (err) {
          failed++;
          firstError ||= err instanceof Error ? err.message : String(err);
        }
        if ((i + 1) % 1000 === 0) log(`ramp: ${i + 1}/${CHARGERS}`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, CHARGERS) }, worker));
    const rampSeconds = (performance.now() - rampStart) / 1000;
    const online = clients.filter((c) => c.isOpen && (MIX === 'real' || c.transactionId !== undefined));
    log(
      `ramp: ${online.length} online, ${failed} failed${firstError ? ` (${firstError})` : ''} in ${rampSeconds.toFixed(1)} s`,
    );
    await sleep(3000);
    const rssConnected = each((s) => rssBytes(s.pid));

    // Real mix: the connectors as the ramp leaves them (most in a session), then their lives.
    const fleet =
      MIX === 'real'
        ? new RealFleet(
            {
              rate: RATE,
              cards: CARDS,
              heartbeatSeconds: HEARTBEAT,
              reconnectsPerHour: RECONNECTS,
              unknownShare: UNKNOWN_SHARE,
              blockedEvery: BLOCKED_EVERY,
              burst: args.burst ?? false,
            },
            online,
            urlOf,
            password,
          )
        : undefined;
    if (fleet) {
      const t = performance.now();
      await fleet.begin(CONCURRENCY);
      log(
        `real mix: meter interval ${fleet.meterSeconds.toFixed(1)} s, ${fleet.activeSessions()} sessions running after ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
      fleet.start();
    }

    // Steady load (flat mix): `RATE` CALLs per second spread over the chargers, one in flight per charger.
    let cursor = 0;
    let quota = 0;
    let unsent = 0;
    let tick = 0;
    let last = performance.now();
    const pump = setInterval(() => {
      if (fleet) return;
      const t = performance.now();
      quota = Math.min(quota + (RATE * (t - last)) / 1000, RATE / 10);
      last = t;
      let skipped = 0;
      while (quota >= 1 && skipped < online.length) {
        const c = online[cursor];
        cursor = (cursor + 1) % online.length;
        if (!c || c.busy || !c.isOpen) {
          skipped++;
          continue;
        }
        skipped = 0;
        quota -= 1;
        const [action, payload] = mixedMessage(c, Math.random(), tick++);
        c.call(action, payload).catch(() => undefined);
      }
      if (quota >= 1) {
        unsent += Math.floor(quota);
        quota -= Math.floor(quota);
      }
    }, 10);

    const v201 = clients.filter((c) => c.version === '2.0.1').length;
    log(
      `load (${MIX} mix, ${v201} of ${CHARGERS} chargers OCPP 2.0.1): ${RATE} msg/s target, ${WARMUP} s warm-up, ${DURATION} s measured`,
    );
    await sleep(WARMUP * 1000);
    const pgTracker = databaseUrl ? new PgCpuTracker(pgName, cpuOrUndefined) : undefined;
    const from = new Date();
    unsent = 0;
    recording = true;
    const counts0 = fleet ? { ...fleet.counts } : undefined;
    const pgStats0 = databaseUrl ? await pgDatabaseStats(pgName) : undefined;
    // PostgreSQL's statement statistics, where the server loads pg_stat_statements.
    const pgStatements = databaseUrl ? await PgStatements.start(pgName) : undefined;
    // With bench/lib/count-queries.mjs loaded, the server counts its statements per window.
    const countQueries = (process.env.BENCH_SERVER_NODE_ARGS ?? '').includes('count-queries');
    if (countQueries) servers.forEach((s) => process.kill(s.pid, 'SIGUSR2'));
    await pgTracker?.start();
    const cpuEach0 = servers.map((s) => cpuSeconds(s.pid));
    const cpu0 = { server: each((s) => cpuSeconds(s.pid)), client: process.cpuUsage() };
    const wait0 = each((s) => runQueueSeconds(s.pid));
    let rssPeak = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < DURATION * 1000) {
      await sleep(1000);
      rssPeak = Math.max(
        rssPeak,
        each((s) => rssBytes(s.pid)),
      );
    }
    recording = false;
    const to = new Date();
    const seconds = (performance.now() - t0) / 1000;
    const clientCpu = process.cpuUsage(cpu0.client);
    const cpu = {
      server: (each((s) => cpuSeconds(s.pid)) - cpu0.server) / seconds,
      client: (clientCpu.user + clientCpu.system) / 1e6 / seconds,
      postgres: ((await pgTracker?.seconds()) ?? 0) / seconds,
    };
    const cpuEach = servers.map((s, i) => cpuSeconds(s.pid) - (cpuEach0[i] ?? 0));
    const serverWaiting = (each((s) => runQueueSeconds(s.pid)) - wait0) / seconds;
    await pgTracker?.stop();
    if (countQueries) servers.forEach((s) => process.kill(s.pid, 'SIGUSR2'));
    const pgStats1 = databaseUrl ? await pgDatabaseStats(pgName) : undefined;
    const statements = await pgStatements?.report(latencies.ok);
    const fleetCounts =
      fleet && counts0
        ? Object.fromEntries(
            Object.entries(fleet.counts).map(([k, v]) => [k, v - (counts0[k as keyof typeof counts0] ?? 0)]),
          )
        : undefined;
    fleet?.stop();
    if (fleet) fleet.quiet = true;
    const loadAverage = os.loadavg()[0] ?? 0;
    clearInterval(pump);
    const rssEnd = each((s) => rssBytes(s.pid));
    const unsentInWindow = unsent;
    // Let the answers in flight arrive, then stop the server: it flushes its message log on SIGTERM.
    const settle = performance.now();
    while (online.some((c) => c.busy) && performance.now() - settle < 35_000) await sleep(100);
    const stopStart = performance.now();
    await stopAll();
    const stopSeconds = (performance.now() - stopStart) / 1000;
    for (const c of clients) c.close();

    const check = await openBenchDatabase(dataDir, databaseUrl);
    const persisted = await countPersisted(check, from, to);
    const delays = await readDelays(check, from, to);
    const sessions = fleet ? await countSessions(check, from, to) : undefined;
    const totals = fleet ? await sessionTotals(check) : undefined;
    await check.close();
    const perMessage = (n: number) => Math.round((n / Math.max(1, latencies.ok)) * 100) / 100;
    const pg =
      pgStats0 && pgStats1
        ? {
            commitsPerMessage: perMessage((pgStats1.xact_commit ?? 0) - (pgStats0.xact_commit ?? 0)),
            rowsInsertedPerMessage: perMessage((pgStats1.tup_inserted ?? 0) - (pgStats0.tup_inserted ?? 0)),
            rowsUpdatedPerMessage: perMessage((pgStats1.tup_updated ?? 0) - (pgStats0.tup_updated ?? 0)),
            rollbacks: (pgStats1.xact_rollback ?? 0) - (pgStats0.xact_rollback ?? 0),
          }
        : undefined;

    const l = latencies.summary();
    const result = {
      db: dbKind,
      mix: MIX,
      chargers: CHARGERS,
      chargers201: clients.filter((c) => c.version === '2.0.1').length,
      online: online.length,
      meterIntervalSeconds: fleet ? round2(fleet.meterSeconds) : undefined,
      rampSeconds: Math.round(rampSeconds * 10) / 10,
      targetRate: RATE,
      seconds: Math.round(seconds * 10) / 10,
      answeredPerSecond: Math.round(latencies.ok / seconds),
      errors: latencies.errors,
      unsent: unsentInWindow,
      /** Sent to answered, at the client. */
      latencyMs: l,
      /** Sent by the charger to read by the server (its message log's receive time). */
      readDelayMs: delays,
      /** Seconds of the window in which some answer took over 200 ms: when the pauses were. */
      slowSeconds: latencies.slowSeconds(200),
      persistedPerSecond: {
        ocppMessages: Math.round(persisted.ocppMessages / seconds),
        meterValues: Math.round(persisted.meterValues / seconds),
        statusHistory: Math.round(persisted.statusHistory / seconds),
      },
      database: pg,
      /** pg_stat_statements over the window (when loaded): PostgreSQL's time planning and executing. */
      statements,
      sessions: fleet
        ? {
            window: { ...fleetCounts, dbStarted: sessions?.started, dbStopped: sessions?.stopped },
            // At the end: what the chargers believe runs, beside the database; bills once per session.
            end: { chargersActive: fleet.activeSessions(), ...totals },
          }
        : undefined,
      serverRssMiB: {
        idle: mib(rssIdle),
        connected: mib(rssConnected),
        peak: mib(rssPeak),
        end: mib(rssEnd),
      },
      rssPerConnectionKiB: Math.round((rssConnected - rssIdle) / 1024 / Math.max(1, online.length)),
      cpuCores: { server: round2(cpu.server), client: round2(cpu.client), postgres: round2(cpu.postgres) },
      // CPU time per answered CALL: what the message costs, whatever else the machine is doing.
      cpuMsPerMessage: {
        server: round2((cpu.server * 1000 * seconds) / Math.max(1, latencies.ok)),
        client: round2((cpu.client * 1000 * seconds) / Math.max(1, latencies.ok)),
        postgres: round2((cpu.postgres * 1000 * seconds) / Math.max(1, latencies.ok)),
      },
      // PostgreSQL backends that served the window: more than the pool's size means reconnections.
      postgresBackends: pgTracker?.backends,
      // Time the server was runnable but had no CPU: other processes on the machine competing.
      serverRunQueueWaitPerSecond: round2(serverWaiting),
      // Each process of a cluster: its chargers' answered CALLs per second and per CPU-second.
      processes:
        PROCESSES > 1
          ? servers.map((_, i) => ({
              node: `bench-${i + 1}`,
              answeredPerSecond: Math.round((answeredBy[i] ?? 0) / seconds),
              cpuCores: round2((cpuEach[i] ?? 0) / seconds),
              messagesPerCpuSecond: Math.round((answeredBy[i] ?? 0) / Math.max(0.001, cpuEach[i] ?? 0)),
            }))
          : undefined,
      messagesPerServerCpuSecond: Math.round(latencies.ok / Math.max(0.001, cpu.server * seconds)),
      loadAverage1m: round2(loadAverage),
      cpus: os.cpus().length,
      stopSeconds: round2(stopSeconds),
    };
    console.log(JSON.stringify(result, null, 2));
    const all = l.all ?? { p50: 0, p99: 0 };
    console.log(
      `| ${dbKind} | ${CHARGERS} | ${online.length} | ${result.rampSeconds} | ${RATE} | ${result.answeredPerSecond} | ` +
        `${result.persistedPerSecond.ocppMessages} | ${result.persistedPerSecond.meterValues} | ${all.p50} | ${all.p99} | ` +
        `${result.serverRssMiB.connected} | ${result.rssPerConnectionKiB} | ` +
        `${result.cpuMsPerMessage.server} / ${result.cpuMsPerMessage.postgres} / ${result.cpuMsPerMessage.client} | ` +
        `${result.serverRunQueueWaitPerSecond} | ${result.loadAverage1m} |`,
    );
    for (const s of servers) {
      const tail = s.tail();
      if (tail) console.log(`server output (tail):\n${tail}`);
    }
  } finally {
    for (const c of clients) c.close();
    await stopAll();
    if (databaseUrl) await dropPgDatabase(pgName).catch((err: unknown) => console.error('drop failed', err));
    if (process.env.BENCH_KEEP_DATA) log(`data kept in ${dataDir}`);
    else for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  }
}

function ocppShare(version: string | undefined, mix: string | undefined): number {
  if (version !== undefined && mix !== undefined) throw new Error('give --ocpp or --ocpp-mix, not both');
  if (mix !== undefined) {
    const share = Number(mix);
    if (!(share >= 0 && share <= 1)) throw new Error('--ocpp-mix must be a share in 0..1');
    return share;
  }
  if (version === undefined || version === '1.6') return 0;
  if (version === '2.0.1') return 1;
  throw new Error('--ocpp must be 1.6 or 2.0.1');
}

function cpuOrUndefined(pid: number): number | undefined {
  try {
    return cpuSeconds(pid);
  } catch {
    return undefined;
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100;

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
