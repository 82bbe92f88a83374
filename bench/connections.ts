/**
 * Connections benchmark (issue #17): how many idle chargers the server holds and what each costs
 * in memory. Idle chargers boot, then send a Heartbeat every `--heartbeat` seconds and a
 * StatusNotification every `--status-interval` seconds.
 *
 *   npm run bench:connections -- --chargers 10000
 *   npm run bench:connections -- --chargers 50000 --processes 3
 *
 * The server runs as one child process, or `--processes` of them on one PostgreSQL and NATS; the
 * chargers are played by `--clients` forked client processes (bench/lib/connection-client.ts), each
 * from its own loopback source address, so no process needs more sockets than the open-file limit
 * (20,000 on the benchmark machine) or more ephemeral ports than one address has.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ClientCommand, ClientRamped, ClientReport, ClientStart } from './lib/connection-client.js';
import {
  benchId,
  createPgDatabase,
  dropPgDatabase,
  openBenchDatabase,
  pgUrl,
  registerChargers,
} from './lib/database.js';
import { clusterServers, rssBytes, type ServerProcess } from './lib/server.js';
import { intArg, mib } from './lib/stats.js';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    chargers: { type: 'string', default: '2000' },
    processes: { type: 'string', default: '1' },
    clients: { type: 'string' },
    heartbeat: { type: 'string', default: '300' },
    'status-interval': { type: 'string', default: '900' },
    hold: { type: 'string', default: '60' },
    'connect-concurrency': { type: 'string', default: '100' },
    pool: { type: 'string' },
    'pg-socket': { type: 'string' },
    'heap-snapshots': { type: 'boolean', default: false },
  },
});

/** The hard limit of open files of a process here (sockets count): `ulimit -Hn`. */
function openFileLimit(): number {
  const out = execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
  return out === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(out);
}

const dbKind = args.db === 'postgres' ? 'postgres' : args.db === 'pglite' ? 'pglite' : undefined;
if (!dbKind) throw new Error('--db must be pglite or postgres');
const CHARGERS = intArg('chargers', args.chargers, 1, 99_999);
const PROCESSES = intArg('processes', args.processes, 1, 8);
if (PROCESSES > 1 && dbKind !== 'postgres') throw new Error('--processes above 1 needs --db postgres');
/** Below the limit: a server process also holds its database pool, NATS, its files and its listeners. */
const FD_LIMIT = openFileLimit();
const SOCKETS_PER_PROCESS = FD_LIMIT - 200;
if (Math.ceil(CHARGERS / PROCESSES) > SOCKETS_PER_PROCESS)
  throw new Error(
    `${Math.ceil(CHARGERS / PROCESSES)} chargers per server process, above the ${SOCKETS_PER_PROCESS} sockets ` +
      `a process can hold here (open-file limit ${FD_LIMIT}): raise --processes`,
  );
/** A client process holds at most 10,000 sockets by default: well under the limit, and it splits the CPU. */
const CLIENTS = intArg('clients', args.clients ?? String(Math.ceil(CHARGERS / 10_000)), 1, 50);
if (Math.ceil(CHARGERS / CLIENTS) > SOCKETS_PER_PROCESS)
  throw new Error(`${Math.ceil(CHARGERS / CLIENTS)} chargers per client process: raise --clients`);
const HEARTBEAT = intArg('heartbeat', args.heartbeat, 10, 86_400);
const STATUS_INTERVAL = intArg('status-interval', args['status-interval'], 10, 86_400);
const HOLD = intArg('hold', args.hold, 5, 3600);
const CONCURRENCY = intArg('connect-concurrency', args['connect-concurrency'], 1, 5000);
const POOL = args.pool === undefined ? undefined : intArg('pool', args.pool, 1, 200);
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const HANDSHAKE_TIMEOUT_MS = 30_000;
/** A heap snapshot of each server before the ramp and after the hold, kept in its data directory. */
const SNAPSHOTS = args['heap-snapshots'] ?? false;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The server's V8 heap and external memory, and its connected chargers, from its Prometheus metrics. */
async function serverMemory(s: ServerProcess, token: string) {
  const res = await fetch(s.metricsUrl, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /metrics: HTTP ${res.status}`);
  const text = await res.text();
  // Every series carries the process's `node` label; `labels` picks one series by another label.
  const value = (name: string, labels = '') =>
    Number(new RegExp(`^${name}(?:\\{[^}]*${labels}[^}]*\\})? (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
  return {
    rss: rssBytes(s.pid),
    heapUsed: value('voltline_nodejs_heap_size_used_bytes'),
    // The old generation: what survived two collections, so mostly what the connections keep (the
    // young generation, up to 2 × 64 MiB with the server's --max-semi-space-size, is mostly garbage).
    oldSpaceUsed: value('voltline_nodejs_heap_space_size_used_bytes', 'space="old"'),
    /** Committed to the old generation: what it uses, and pages partly empty. */
    oldSpaceSize: value('voltline_nodejs_heap_space_size_total_bytes', 'space="old"'),
    /**
     * Committed to the young generation: it grows with the allocation rate (to 128 MiB here) and
     * shrinks when the process is quiet, whatever the connections, so it is left out of `rssLessNew`.
     */
    newSpaceSize: value('voltline_nodejs_heap_space_size_total_bytes', 'space="new"'),
    external: value('voltline_nodejs_external_memory_bytes'),
    connected: value('voltline_connected_chargers'),
  };
}

/** RSS without the young generation: what the connections can have added. */
function rssLessNew(m: Memory): number {
  return m.rss - m.newSpaceSize;
}
type Memory = Awaited<ReturnType<typeof serverMemory>>;

/** Asks the server for a heap snapshot (--heapsnapshot-signal) and waits until its file is written. */
async function heapSnapshot(s: ServerProcess, dir: string): Promise<string> {
  const files = () => readdirSync(dir).filter((f) => f.endsWith('.heapsnapshot'));
  const known = new Set(files());
  process.kill(s.pid, 'SIGUSR2');
  let size = -1;
  for (;;) {
    await sleep(2000);
    const file = files().find((f) => !known.has(f));
    if (!file) continue;
    const now = statSync(path.join(dir, file)).size;
    if (now > 0 && now === size) return path.join(dir, file);
    size = now;
  }
}

/** A forked client process and the answers it sends back. */
class Client {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<string, (m: unknown) => void>();

  constructor() {
    this.child = fork(path.join(import.meta.dirname, 'lib/connection-client.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (m: { type: string }) => {
      const resolve = this.waiting.get(m.type);
      this.waiting.delete(m.type);
      resolve?.(m);
    });
  }

  next<T>(type: string): Promise<T> {
    return new Promise((resolve, reject) => {
      this.waiting.set(type, (m) => resolve(m as T));
      this.child.once('exit', (code) => reject(new Error(`client process exited (${code})`)));
    });
  }

  send(m: ClientCommand): void {
    this.child.send(m);
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voltline-bench-'));
  const pgName = `voltline_bench_${process.pid}_${Date.now()}`;
  const databaseUrl = dbKind === 'postgres' ? pgUrl(pgName, args['pg-socket']) : undefined;
  const metricsToken = randomBytes(24).toString('hex');
  const { servers, dataDirs } = await clusterServers({
    processes: PROCESSES,
    dataDir,
    databaseUrl,
    poolSize: POOL,
    name: pgName,
    natsUrl: NATS_URL,
    env: { METRICS_TOKEN: metricsToken },
    nodeArgs: SNAPSHOTS ? ['--heapsnapshot-signal=SIGUSR2'] : [],
  });
  const server = servers[0] as ServerProcess;
  const clients: Client[] = [];
  const stopAll = async () => {
    for (const c of clients) c.kill();
    await Promise.all(servers.map((s) => s.stop()));
  };
  // Whatever happens, the run ends: a ramp budget of 0.1 s per charger, then the hold.
  const deadline = setTimeout(
    () => {
      console.error('benchmark deadline passed; stopping');
      for (const c of clients) c.kill();
      servers.forEach((s) => s.kill());
      for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
      const drop = databaseUrl ? dropPgDatabase(pgName) : Promise.resolve();
      void drop.finally(() => process.exit(2));
    },
    (300 + CHARGERS * 0.1 + HOLD) * 1000,
  );
  deadline.unref();
  process.once('exit', () => {
    for (const c of clients) c.kill();
    servers.forEach((s) => s.kill());
  });

  try {
    if (databaseUrl) await createPgDatabase(pgName);
    log(`${dbKind}: first start (migrations, demo seed) in ${dataDir}`);
    await server.start();
    await server.stop();
    const password = randomBytes(18).toString('base64url');
    const setup = await openBenchDatabase(dataDir, databaseUrl);
    await registerChargers(setup, CHARGERS, password);
    await setup.close();
    log(`registered ${CHARGERS} charge points`);

    await Promise.all(servers.map((s) => s.start()));
    if (PROCESSES > 1) log(`${PROCESSES} processes on one database and NATS (${NATS_URL})`);
    for (let i = 0; i < CLIENTS; i++) clients.push(new Client());
    await Promise.all(clients.map((c) => c.next('ready')));
    // Idle for 30 s first: V8's memory reducer then shrinks the heap the start-up grew (its young
    // generation alone can hold 100 MiB more), as it does again in the quiet hold after the ramp.
    await sleep(30_000);
    const before = await Promise.all(servers.map((s) => serverMemory(s, metricsToken)));
    // After the reading: writing a snapshot grows the heap for a while.
    if (SNAPSHOTS) log(`heap snapshot: ${await heapSnapshot(server, dataDir)}`);

    // Charger n (1-based) talks to server process (n − 1) mod P and is played by client (n − 1) mod C.
    const shares = clients.map(() => [] as ClientStart['chargers']);
    for (let n = 1; n <= CHARGERS; n++)
      shares[(n - 1) % CLIENTS]?.push({
        id: benchId(n),
        url: (servers[(n - 1) % PROCESSES] ?? server).ocppUrl,
      });
    const rampStart = performance.now();
    const ramped = clients.map((c) => c.next<ClientRamped>('ramped'));
    clients.forEach((c, i) =>
      c.send({
        type: 'start',
        chargers: shares[i] ?? [],
        password,
        localAddress: `127.0.0.${2 + i}`,
        concurrency: Math.max(1, Math.round(CONCURRENCY / CLIENTS)),
        heartbeatSeconds: HEARTBEAT,
        statusSeconds: STATUS_INTERVAL,
        timeoutMs: HANDSHAKE_TIMEOUT_MS,
      }),
    );
    const progress = setInterval(() => {
      void Promise.all(servers.map((s) => serverMemory(s, metricsToken))).then(
        (m) => log(`ramp: ${m.reduce((sum, x) => sum + x.connected, 0)}/${CHARGERS} connected`),
        () => undefined,
      );
    }, 10_000);
    const ramps = await Promise.all(ramped);
    clearInterval(progress);
    const rampSeconds = (performance.now() - rampStart) / 1000;
    const merge = (pick: (r: ClientRamped) => Record<string, number>) => {
      const out: Record<string, number> = {};
      for (const r of ramps) for (const [k, v] of Object.entries(pick(r))) out[k] = (out[k] ?? 0) + v;
      return out;
    };
    const handshakeFailures = merge((r) => r.handshakeFailures);
    const bootFailures = merge((r) => r.bootFailures);
    const online = ramps.reduce((sum, r) => sum + r.online, 0);
    const failed = Object.values(handshakeFailures).reduce((a, b) => a + b, 0);
    log(`ramp: ${online} online, ${failed} handshakes failed in ${rampSeconds.toFixed(1)} s`);

    await sleep(5000);
    const connected = await Promise.all(servers.map((s) => serverMemory(s, metricsToken)));
    log(
      `holding ${HOLD} s: a Heartbeat every ${HEARTBEAT} s, a StatusNotification every ${STATUS_INTERVAL} s`,
    );
    const peakRss = servers.map(() => 0);
    const t0 = performance.now();
    while (performance.now() - t0 < HOLD * 1000) {
      await sleep(1000);
      servers.forEach((s, i) => (peakRss[i] = Math.max(peakRss[i] ?? 0, rssBytes(s.pid))));
    }
    const held = await Promise.all(servers.map((s) => serverMemory(s, metricsToken)));
    if (SNAPSHOTS) log(`heap snapshot: ${await heapSnapshot(server, dataDir)}`);
    const reports = await Promise.all(
      clients.map((c) => {
        const r = c.next<ClientReport>('report');
        c.send({ type: 'report' });
        return r;
      }),
    );
    const loadAverage = os.loadavg()[0] ?? 0;
    const perConnection = (after: Memory[], key: keyof Memory | 'rssLessNew', i?: number) => {
      const read = (m: Memory) => (key === 'rssLessNew' ? rssLessNew(m) : m[key]);
      const pick = <T>(list: T[]) => (i === undefined ? list : list.slice(i, i + 1));
      const sum = (list: Memory[]) => pick(list).reduce((s, m) => s + read(m), 0);
      const n = pick(held).reduce((s, m) => s + m.connected, 0);
      return kib((sum(after) - sum(before)) / Math.max(1, n));
    };
    const memory = (list: Memory[], i?: number) => {
      const pick = i === undefined ? list : list.slice(i, i + 1);
      return {
        rss: mib(pick.reduce((s, m) => s + m.rss, 0)),
        rssLessNew: mib(pick.reduce((s, m) => s + rssLessNew(m), 0)),
        heapUsed: mib(pick.reduce((s, m) => s + m.heapUsed, 0)),
        oldSpaceUsed: mib(pick.reduce((s, m) => s + m.oldSpaceUsed, 0)),
        oldSpaceSize: mib(pick.reduce((s, m) => s + m.oldSpaceSize, 0)),
        newSpaceSize: mib(pick.reduce((s, m) => s + m.newSpaceSize, 0)),
        external: mib(pick.reduce((s, m) => s + m.external, 0)),
      };
    };
    const heartbeatLatency = reports.map((r) => r.latencyMs.Heartbeat).filter((x) => x !== undefined);
    const result = {
      db: dbKind,
      chargers: CHARGERS,
      processes: PROCESSES,
      clientProcesses: CLIENTS,
      rampSeconds: Math.round(rampSeconds * 10) / 10,
      online,
      onlineAfterHold: reports.reduce((s, r) => s + r.online, 0),
      serverConnectedAfterHold: held.reduce((s, m) => s + m.connected, 0),
      handshakeFailures: { total: failed, ...handshakeFailures },
      bootFailures,
      droppedDuringHold: reports.reduce((s, r) => s + r.dropped, 0),
      hold: {
        seconds: HOLD,
        heartbeatSeconds: HEARTBEAT,
        statusSeconds: STATUS_INTERVAL,
        answered: reports.reduce((s, r) => s + (r.latencyMs.all?.n ?? 0), 0),
        errors: reports.reduce((s, r) => s + r.errors, 0),
        skipped: reports.reduce((s, r) => s + r.skipped, 0),
        heartbeatP99Ms: Math.max(0, ...heartbeatLatency.map((l) => l.p99)),
      },
      /** Summed over the server processes (MiB): before the ramp, 5 s after it, after the hold. */
      serverMemoryMiB: {
        before: memory(before),
        connected: memory(connected),
        held: memory(held),
        peakRss: mib(peakRss.reduce((a, b) => a + b, 0)),
      },
      /** (after − before) / connected chargers, KiB. */
      perConnectionKiB: {
        rssConnected: perConnection(connected, 'rss'),
        rssHeld: perConnection(held, 'rss'),
        rssLessNewConnected: perConnection(connected, 'rssLessNew'),
        rssLessNewHeld: perConnection(held, 'rssLessNew'),
        heapUsedHeld: perConnection(held, 'heapUsed'),
        oldSpaceUsedHeld: perConnection(held, 'oldSpaceUsed'),
        externalHeld: perConnection(held, 'external'),
      },
      perProcess:
        PROCESSES > 1
          ? servers.map((_, i) => ({
              node: `bench-${i + 1}`,
              connected: held[i]?.connected,
              before: memory(before, i),
              held: memory(held, i),
              rssPerConnectionKiB: {
                connected: perConnection(connected, 'rss', i),
                held: perConnection(held, 'rss', i),
              },
              rssLessNewPerConnectionKiB: {
                connected: perConnection(connected, 'rssLessNew', i),
                held: perConnection(held, 'rssLessNew', i),
              },
              heapUsedPerConnectionKiB: perConnection(held, 'heapUsed', i),
              oldSpaceUsedPerConnectionKiB: perConnection(held, 'oldSpaceUsed', i),
            }))
          : undefined,
      loadAverage1m: Math.round(loadAverage * 100) / 100,
      cpus: os.cpus().length,
      openFileLimit: FD_LIMIT,
    };
    console.log(JSON.stringify(result, null, 2));
    // The row of docs/benchmarks.md's table.
    const m = result.serverMemoryMiB;
    const k = result.perConnectionKiB;
    console.log(
      `| ${PROCESSES} | ${CHARGERS} | ${online} | ${result.rampSeconds} | ${failed} | ` +
        `${m.before.rss} / ${m.connected.rss} / ${m.held.rss} | ${m.held.heapUsed} | ` +
        `${k.rssConnected} / ${k.rssHeld} | ${k.rssLessNewConnected} / ${k.rssLessNewHeld} | ` +
        `${k.heapUsedHeld} | ${result.hold.heartbeatP99Ms} | ${result.loadAverage1m} |`,
    );
    for (const s of servers) {
      const tail = s.tail();
      if (tail) console.log(`server output (tail):\n${tail}`);
    }
    for (const c of clients) c.send({ type: 'stop' });
  } finally {
    await stopAll();
    if (databaseUrl) await dropPgDatabase(pgName).catch((err: unknown) => console.error('drop failed', err));
    if (SNAPSHOTS || process.env.BENCH_KEEP_DATA) log(`data kept in ${dataDir}`);
    else for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
