/**
 * Charging-flow soak: simulated chargers that misbehave as real ones do, against the real server on
 * PostgreSQL, then what the database holds. Refused starts (revoked cards from an outdated local list,
 * cards another charger is using) are charged on anyway (StopTransactionOnInvalidId=false); two
 * chargers now and then start one card at the same moment; a share of StartTransaction answers is
 * lost with the connection and the Start resent; an operator now and then gives a charger a new
 * password (ChangeConfiguration AuthorizationKey), with which it reconnects.
 *
 *   node --import tsx bench/charging-flow.ts --chargers 200 --minutes 10
 *
 * Expected: no active session whose start was refused, none left once every charger has stopped,
 * no two accepted sessions of one card overlapping in time, exactly one accepted start per race,
 * every new password taken (the charger back online with it, the old one refused).
 * Loopback only (server on 127.0.0.1, PostgreSQL on 127.0.0.1:5432); it stops by itself.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CardPool, chargerId, startFleet, type Fleet } from '../apps/simulator/src/index.js';
import {
  createPgDatabase,
  dropPgDatabase,
  openBenchDatabase,
  pgUrl,
  registerChargers,
} from './lib/database.js';
import { DEMO_PASSWORD } from '../apps/server/src/config.js';
import { activeSessionIds, createFlowCards, flowReport } from './lib/flow-db.js';
import {
  badRaces,
  FlowCounters,
  raceOneCard,
  runningIds,
  seeded,
  settledRunning,
  stopEverything,
  type RaceResult,
} from './lib/flow-fleet.js';
import { PortalClient, rotatePassword, type Rotation } from './lib/flow-rotate.js';
import { cpuSeconds, freePort, rssBytes, ServerProcess } from './lib/server.js';
import { mib } from './lib/stats.js';

const { values: args } = parseArgs({
  options: {
    chargers: { type: 'string', default: '200' },
    minutes: { type: 'string', default: '10' },
    speed: { type: 'string', default: '60' },
    'meter-interval': { type: 'string', default: '120' },
    'session-rate': { type: 'string', default: '0.2' },
    'revoked-share': { type: 'string', default: '0.025' },
    'shared-share': { type: 'string', default: '0.025' },
    'race-every': { type: 'string', default: '15' },
    'resend-share': { type: 'string', default: '0.02' },
    'rotate-every': { type: 'string', default: '30' },
    cards: { type: 'string' },
    'revoked-cards': { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
  },
});

function numArg(name: string, value: string | undefined, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`--${name} must be a number in ${min}..${max}`);
  return n;
}

const CHARGERS = Math.floor(numArg('chargers', args.chargers, 2, 5000));
const MINUTES = numArg('minutes', args.minutes, 0.5, 240);
const SPEED = numArg('speed', args.speed, 1, 600);
const METER_INTERVAL = Math.floor(numArg('meter-interval', args['meter-interval'], 1, 3600));
const SESSION_RATE = numArg('session-rate', args['session-rate'], 0, 1);
const REVOKED_SHARE = numArg('revoked-share', args['revoked-share'], 0, 1);
const SHARED_SHARE = numArg('shared-share', args['shared-share'], 0, 1);
const RACE_EVERY = numArg('race-every', args['race-every'], 0, 3600);
const RESEND_SHARE = numArg('resend-share', args['resend-share'], 0, 1);
const ROTATE_EVERY = numArg('rotate-every', args['rotate-every'], 0, 3600);
const CARDS = Math.floor(numArg('cards', args.cards ?? String(CHARGERS * 4), 4, 100_000));
const REVOKED_CARDS = Math.floor(numArg('revoked-cards', args['revoked-cards'], 0, 10_000));
const SEED = Math.floor(numArg('seed', args.seed, 0, 2 ** 31));
const PREFIX = 'FLOW-CP-';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`[flow ${new Date().toISOString().slice(11, 19)}] ${line}`);

async function main(): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voltline-flow-'));
  const pgName = `voltline_flow_${process.pid}_${Date.now()}`;
  const url = pgUrl(pgName);
  const server = new ServerProcess({ dataDir, port: await freePort(), databaseUrl: url });
  let fleet: Fleet | undefined;
  // Whatever happens, the run ends: setup, the soak, and up to four minutes to wind down and report.
  const deadline = setTimeout(
    () => {
      console.error('charging-flow deadline passed; stopping');
      server.kill();
      rmSync(dataDir, { recursive: true, force: true });
      void dropPgDatabase(pgName).finally(() => process.exit(2));
    },
    (300 + MINUTES * 60 + 240) * 1000,
  );
  deadline.unref();
  process.once('exit', () => server.kill());

  try {
    await createPgDatabase(pgName);
    log(`postgres ${pgName}: first start (migrations, demo seed)`);
    await server.start();
    await server.stop();
    const password = randomBytes(15).toString('base64url');
    const setup = await openBenchDatabase(dataDir, url);
    await registerChargers(setup, CHARGERS, password, (n) => chargerId(PREFIX, n));
    const cards = await createFlowCards(setup, CARDS, REVOKED_CARDS);
    await setup.close();
    log(`registered ${CHARGERS} charge points, ${CARDS} cards and ${REVOKED_CARDS} revoked ones`);

    await server.start();
    const cpu0 = { server: cpuSeconds(server.pid), client: process.cpuUsage() };
    const random = seeded(SEED);
    const pool = new CardPool();
    const counters = new FlowCounters();
    fleet = await startFleet({
      onCharger: (c) => counters.watch(c),
      url: server.ocppUrl,
      count: CHARGERS,
      prefix: PREFIX,
      passwords: password,
      connectConcurrency: 50,
      autoSessions: true,
      sessionProbability: SESSION_RATE,
      speed: SPEED,
      random,
      cardPool: pool,
      idTags: cards.good,
      revokedIdTags: cards.revoked,
      revokedCardShare: cards.revoked.length > 0 ? REVOKED_SHARE : 0,
      sharedCardShare: SHARED_SHARE,
      resendStartOnReconnect: RESEND_SHARE,
      // Chargers that ignore a refusal: the transaction goes on, metered, until the car is full.
      config: {
        MeterValueSampleInterval: String(METER_INTERVAL),
        StopTransactionOnInvalidId: 'false',
        MaxEnergyOnInvalidId: '1000000000',
      },
    });
    log(`${fleet.stats().online}/${CHARGERS} chargers online; soaking for ${MINUTES} min at speed ×${SPEED}`);

    const portal = new PortalClient(server.apiUrl);
    await portal.login('admin@voltline.local', DEMO_PASSWORD);
    const passwordsNow = new Map(fleet.chargers.map((c) => [c.id, password]));
    const rotations: Rotation[] = [];
    let rotating: Promise<void> = Promise.resolve();
    const rotateTimer =
      ROTATE_EVERY > 0
        ? setInterval(() => {
            if (!fleet) return;
            const f = fleet;
            // One at a time: the next waits for the charger before to come back.
            rotating = rotating.then(async () => {
              const r = await rotatePassword(f, portal, server.ocppUrl, passwordsNow, random);
              if (r) rotations.push(r);
            });
          }, ROTATE_EVERY * 1000)
        : undefined;
    const races: RaceResult[] = [];
    const racing = new Set<Promise<void>>();
    const raceTimer =
      RACE_EVERY > 0
        ? setInterval(() => {
            if (!fleet) return;
            const p = raceOneCard(fleet, pool, cards.good, random).then((r) => {
              if (r) races.push(r);
            });
            racing.add(p);
            void p.finally(() => racing.delete(p));
          }, RACE_EVERY * 1000)
        : undefined;
    let rssPeak = 0;
    const t0 = Date.now();
    let lastLog = t0;
    while (Date.now() - t0 < MINUTES * 60_000) {
      await sleep(1000);
      rssPeak = Math.max(rssPeak, rssBytes(server.pid));
      if (Date.now() - lastLog >= 60_000) {
        lastLog = Date.now();
        const s = fleet.stats();
        log(
          `online ${s.online} | charging ${s.charging} (refused, charging on: ${s.refused}) | sent ${s.messagesSent} | ` +
            `starts ${JSON.stringify(Object.fromEntries(counters.startAnswers))} | races ${races.length}`,
        );
      }
    }
    if (raceTimer) clearInterval(raceTimer);
    if (rotateTimer) clearInterval(rotateTimer);
    fleet.setDriversArrive(false);
    await Promise.all([...racing, rotating]);
    const soakSeconds = (Date.now() - t0) / 1000;
    const serverCpu = cpuSeconds(server.pid) - cpu0.server;
    const clientCpu = process.cpuUsage(cpu0.client);

    // The chargers' view against the database's, at a moment nothing is in flight.
    const before = fleet.stats();
    const running = await settledRunning(fleet, 20_000);
    const dbActive = running ? await activeSessionIds(url) : [];
    const runningAfter = runningIds(fleet);
    const activeNotRunning = running
      ? dbActive.filter((id) => !running.has(id) && !runningAfter.has(id))
      : undefined;

    log('winding down: every charger stops its transactions');
    const stopped = await stopEverything(fleet, 120_000);
    const after = fleet.stats();
    await fleet.close();
    fleet = undefined;
    await server.stop();
    const report = await flowReport(url);

    const bad = badRaces(races);
    const checks = {
      activeNotAccepted: report.activeNotAccepted === 0,
      activeAfterStop: report.activeAfterStop === 0,
      activeNotRunning: activeNotRunning !== undefined && activeNotRunning.length === 0,
      overlappingAcceptedSessions: report.overlappingPairs === 0,
      racesExactlyOneAccepted: bad.length === 0,
      passwordsRotated: rotations.every((r) => r.answer === 'Accepted' && r.reconnected && r.oldRefused),
      everyChargerStopped: stopped,
      // Each transaction's queries run one after another: no database client warning in the log.
      noDeprecationWarning: server.deprecationWarnings === 0,
    };
    const result = {
      chargers: CHARGERS,
      minutes: MINUTES,
      speed: SPEED,
      seed: SEED,
      shares: { revoked: REVOKED_SHARE, shared: SHARED_SHARE, resend: RESEND_SHARE },
      soakSeconds: Math.round(soakSeconds),
      fleetAtEnd: before,
      fleetAfterStop: after,
      messages: counters.snapshot(),
      messagesPerSecond: Math.round(before.messagesSent / soakSeconds),
      races: {
        count: races.length,
        exactlyOneAccepted: races.length - bad.length,
        bad: bad.slice(0, 10),
        outcomes: tally(races.flatMap((r) => r.outcomes)),
      },
      passwordRotations: {
        count: rotations.length,
        accepted: rotations.filter((r) => r.answer === 'Accepted').length,
        reconnectedWithNewPassword: rotations.filter((r) => r.reconnected).length,
        oldPasswordRefused: rotations.filter((r) => r.oldRefused).length,
        failed: rotations
          .filter((r) => !(r.answer === 'Accepted' && r.reconnected && r.oldRefused))
          .slice(0, 10),
      },
      database: report,
      activeInDbNotRunningOnCharger: activeNotRunning ?? 'no quiet moment within 20 s',
      server: { rssPeakMiB: mib(rssPeak), cpuCoresAverage: round2(serverCpu / soakSeconds) },
      clientCpuCoresAverage: round2((clientCpu.user + clientCpu.system) / 1e6 / soakSeconds),
      loadAverage1m: round2(os.loadavg()[0] ?? 0),
      cpus: os.cpus().length,
      checks,
    };
    console.log(JSON.stringify(result, null, 2));
    const by = (state: string, auth?: string) =>
      report.sessions
        .filter((r) => r.state === state && (auth === undefined || r.authorization === auth))
        .reduce((n, r) => n + r.count, 0);
    const total = report.sessions.reduce((n, r) => n + r.count, 0);
    console.log(
      `| ${CHARGERS} | ${MINUTES} | ${total} | ${by('completed')} | ${by('refused')} ` +
        `(${by('refused', 'Blocked')} / ${by('refused', 'Expired')} / ${by('refused', 'ConcurrentTx')}) | ` +
        `${report.refusedWithEnergy} | ${races.length - bad.length} of ${races.length} | ${counters.resentStarts} | ` +
        `${report.activeNotAccepted} / ${report.activeAfterStop} / ${activeNotRunning?.length ?? '–'} | ` +
        `${report.overlappingPairs} | ${rotations.filter((r) => r.reconnected && r.oldRefused).length} of ${rotations.length} | ` +
        `${result.messagesPerSecond} |`,
    );
    const failed = Object.entries(checks).filter(([, ok]) => !ok);
    console.log(
      failed.length === 0 ? 'verdict: PASS' : `verdict: FAIL (${failed.map(([k]) => k).join(', ')})`,
    );
    const tail = server.tail();
    if (tail) console.log(`server output (tail):\n${tail}`);
    return failed.length === 0 ? 0 : 3;
  } finally {
    await fleet?.close();
    await server.stop();
    if (args.keep) log(`database ${pgName} and data directory ${dataDir} kept`);
    else {
      await dropPgDatabase(pgName).catch((err: unknown) => console.error('drop failed', err));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

function tally(values: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
