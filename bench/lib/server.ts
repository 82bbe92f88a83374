import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** A free loopback port, found by letting the kernel pick one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  dataDir: string;
  port: number;
  databaseUrl?: string;
  poolSize?: number;
  /** More environment for the server (e.g. a cluster's NATS_URL, JWT_SECRET and NODE_ID). */
  env?: Record<string, string>;
  /** More Node options for the server, after BENCH_SERVER_NODE_ARGS. */
  nodeArgs?: string[];
  /** `compiled` (the default): apps/server/dist/main.js, as `npm start` runs it; `tsx`: the sources through the TypeScript loader. */
  runs?: 'compiled' | 'tsx';
}

let compiled = false;

/** Compiles the server once per benchmark process, so a run measures the sources as they are now. */
export function compileServer(): string {
  const main = path.join(ROOT, 'apps/server/dist/main.js');
  if (!compiled)
    execFileSync(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  compiled = true;
  return main;
}

/**
 * The real server, compiled as `npm start` runs it (`node apps/server/dist/main.js`), as a child
 * process. It runs in the data directory so no `.env` of the working tree can change its database.
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private output = '';
  /** Warnings Node printed over the whole run (e.g. the pg client's parallel-query DeprecationWarning). */
  deprecationWarnings = 0;

  constructor(private readonly o: ServerOptions) {}

  get ocppUrl(): string {
    return `ws://127.0.0.1:${this.o.port}/ocpp`;
  }

  get apiUrl(): string {
    return `http://127.0.0.1:${this.o.port}/api`;
  }

  /** Prometheus metrics on the main port (the server needs METRICS_TOKEN in its environment). */
  get metricsUrl(): string {
    return `http://127.0.0.1:${this.o.port}/metrics`;
  }

  get pid(): number {
    if (!this.child?.pid) throw new Error('server not running');
    return this.child.pid;
  }

  async start(timeoutMs = 120_000): Promise<void> {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(this.o.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.o.dataDir,
      SEED_DEMO: 'true',
      DEMO_HISTORY_DAYS: '0',
      SIMULATE: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      WEB_DIST: path.join(ROOT, 'apps/web/dist'),
      NODE_ID: `bench:${this.o.port}`,
      // The benchmarks load OCPP and the API; the file service would only hold a port.
      FTP_PORT: 'off',
    };
    if (this.o.databaseUrl) env.DATABASE_URL = this.o.databaseUrl;
    if (this.o.poolSize) env.DATABASE_POOL_SIZE = String(this.o.poolSize);
    Object.assign(env, this.o.env);
    // BENCH_SERVER_ENV="DATABASE_POOL_IDLE_SECONDS=10 …" sets the server's environment, to compare settings.
    for (const pair of process.env.BENCH_SERVER_ENV?.split(' ').filter(Boolean) ?? []) {
      const at = pair.indexOf('=');
      if (at > 0) env[pair.slice(0, at)] = pair.slice(at + 1);
    }
    // BENCH_SERVER_NODE_ARGS="--cpu-prof" profiles the server (the profile lands in its data directory).
    const extra = [
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ...(this.o.nodeArgs ?? []),
    ];
    // As `npm start` runs it (scripts/start.mjs), or through the loader for a comparison.
    const main =
      this.o.runs === 'tsx'
        ? ['--import', import.meta.resolve('tsx'), path.join(ROOT, 'apps/server/src/main.ts')]
        : ['--enable-source-maps', compileServer()];
    const child = spawn(process.execPath, ['--max-semi-space-size=64', ...extra, ...main], {
      cwd: this.o.dataDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.output = '';
    // BENCH_SERVER_OUTPUT=<file> keeps everything the server prints (e.g. with --trace-gc).
    const keep = process.env.BENCH_SERVER_OUTPUT;
    const collect = (b: Buffer) => {
      this.deprecationWarnings += b.toString().split('DeprecationWarning').length - 1;
      this.output = (this.output + b.toString()).slice(-20_000);
      if (keep) appendFileSync(keep, b);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${this.output}`)), timeoutMs);
      const check = () => {
        if (this.output.includes('Voltline listening on')) {
          clearTimeout(timer);
          child.stdout?.off('data', check);
          resolve();
        }
      };
      child.stdout?.on('data', check);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}) during start:\n${this.output}`));
      });
    });
  }

  /** SIGTERM: the server closes its sockets and flushes the OCPP message log before exiting. */
  async stop(timeoutMs = 120_000): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
    this.child = undefined;
  }

  kill(): void {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL');
  }

  /** Last lines the server printed (warnings and errors only at LOG_LEVEL=warn). */
  tail(lines = 20): string {
    return this.output.trim().split('\n').slice(-lines).join('\n');
  }
}

/** Resident set size of a process, bytes. */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Seconds a process has spent runnable but waiting for a CPU (the machine's other load). */
export function runQueueSeconds(pid: number): number {
  const [, waitNs] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(' ');
  return Number(waitNs) / 1e9;
}

export interface ClusterOptions {
  processes: number;
  /** The first process's data directory (the one the setup opens); the others get their own. */
  dataDir: string;
  databaseUrl?: string;
  poolSize?: number;
  /** Names the cluster's NATS subjects, so runs on one NATS do not hear each other. */
  name: string;
  natsUrl: string;
  /** More environment for every process. */
  env?: Record<string, string>;
  nodeArgs?: string[];
}

/**
 * `processes` servers on one database; above one they form a cluster on NATS (one JWT secret, a
 * node id each) and each has its own data directory, as on its own host.
 */
export async function clusterServers(
  o: ClusterOptions,
): Promise<{ servers: ServerProcess[]; dataDirs: string[] }> {
  const jwtSecret = randomBytes(32).toString('hex');
  const dataDirs = [o.dataDir];
  const servers: ServerProcess[] = [];
  for (let i = 0; i < o.processes; i++) {
    if (i > 0) dataDirs.push(mkdtempSync(path.join(os.tmpdir(), 'voltline-bench-')));
    const cluster: Record<string, string> =
      o.processes > 1
        ? {
            NATS_URL: o.natsUrl,
            NATS_SUBJECT_PREFIX: o.name,
            JWT_SECRET: jwtSecret,
            NODE_ID: `bench-${i + 1}`,
          }
        : {};
    servers.push(
      new ServerProcess({
        dataDir: dataDirs[i] ?? o.dataDir,
        port: await freePort(),
        databaseUrl: o.databaseUrl,
        poolSize: o.poolSize,
        env: { ...o.env, ...cluster },
        nodeArgs: o.nodeArgs,
      }),
    );
  }
  return { servers, dataDirs };
}
