import { randomBytes } from 'node:crypto';
import { connect as connectTcp, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { startServer, type TestServer } from './server';

/** The machine's services a cluster runs on (CI starts them when they are down). */
export const POSTGRES_URL = process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const NATS_URL = process.env.CLUSTER_NATS_URL ?? 'nats://127.0.0.1:4222';

function reachable(url: string, fallbackPort: number): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = connectTcp(Number(u.port || fallbackPort), u.hostname);
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * Whether PostgreSQL and NATS are here. CI (REQUIRE_CLUSTER_TESTS=1) fails without them rather
 * than skip; a developer machine without them skips the cluster tests with a message.
 */
export async function clusterServicesUp(): Promise<boolean> {
  const [db, nats] = await Promise.all([reachable(POSTGRES_URL, 5432), reachable(NATS_URL, 4222)]);
  if (db && nats) return true;
  const missing = [db ? null : `PostgreSQL (${POSTGRES_URL})`, nats ? null : `NATS (${NATS_URL})`].filter(
    Boolean,
  );
  if (process.env.REQUIRE_CLUSTER_TESTS === '1')
    throw new Error(`cluster tests need ${missing.join(' and ')}`);
  console.warn(`cluster tests skipped: ${missing.join(' and ')} not reachable`);
  return false;
}

/**
 * A TCP load balancer in front of the processes, as nginx or HAProxy would be: each new connection
 * goes to the next process that accepts it (round robin, or the one named with `prefer`), and a
 * process that refuses connections is skipped.
 */
export class Balancer {
  private readonly server: Server;
  private next = 0;
  private preferred: number | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly backends: { port: number }[]) {
    this.server = createServer((client) =>
      this.route(client, this.preferred ?? this.next++ % this.backends.length, 0),
    );
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return `http://127.0.0.1:${this.port}`;
  }

  /** New connections go to this backend first (null: round robin). */
  prefer(index: number | null) {
    this.preferred = index;
  }

  private route(client: Socket, first: number, tried: number) {
    if (tried >= this.backends.length) {
      client.destroy();
      return;
    }
    const index = first;
    const target = this.backends[(index + tried) % this.backends.length];
    if (!target) return;
    client.pause();
    const upstream = connectTcp(target.port, '127.0.0.1');
    upstream.once('connect', () => {
      this.sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      client.resume();
      const end = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.once('close', end).once('error', end);
      upstream.once('close', end).once('error', end);
    });
    upstream.once('error', () => {
      if (!this.sockets.has(upstream)) this.route(client, first, tried + 1);
    });
  }

  async close() {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

export interface Cluster {
  nodes: TestServer[];
  /** The PostgreSQL database the processes share, for assertions on what they wrote. */
  db: pg.Client;
  jwtSecret: string;
  close(): Promise<void>;
}

/**
 * Two (or more) Voltline processes on one fresh PostgreSQL database and the machine's NATS, started
 * at the same moment on the empty database. Each run has its own database and NATS subjects.
 */
export async function startCluster(size = 2, env: Record<string, string> = {}): Promise<Cluster> {
  const name = `voltline_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const jwtSecret = randomBytes(32).toString('hex');
  const common = {
    DATABASE_URL: url.toString(),
    NATS_URL,
    NATS_SUBJECT_PREFIX: name,
    JWT_SECRET: jwtSecret,
    CLUSTER_NODE_TIMEOUT_SECONDS: '3',
    OCPP_CALL_TIMEOUT_SECONDS: '5',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  };
  const started = await Promise.allSettled(
    Array.from({ length: size }, (_, i) => startServer({ ...common, NODE_ID: `node-${'abcdefgh'[i]}` })),
  );
  const nodes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const db = new pg.Client({ connectionString: url.toString() });
  const close = async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason));
  }
  await db.connect();
  return { nodes, db, jwtSecret, close };
}
