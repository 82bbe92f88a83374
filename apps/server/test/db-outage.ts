import net from 'node:net';
import type { Database } from '../src/db/client.js';

/** A database outage a test starts and ends. */
export interface Outage {
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of PostgreSQL: `cut` drops every connection through it and refuses new
 * ones, as a server that stopped or a network that broke; `restore` lets connections through again.
 * The machine's PostgreSQL itself is never touched.
 */
export async function postgresProxy(target: URL): Promise<Outage & { via: (url: URL) => URL }> {
  const open = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((inbound) => {
    if (down) {
      inbound.destroy();
      return;
    }
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    for (const [a, b] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      open.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        open.delete(a);
        b.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no proxy address');
  return {
    via: (url) => {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(address.port);
      return through;
    },
    cut() {
      down = true;
      for (const s of open) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The embedded database cannot be cut off like a server: while "cut", every query fails as on a
 * closed PGlite. Only a stand-in for the real outage, which the PostgreSQL run covers.
 */
export function pgliteOutage(database: Database): Outage {
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  let down = false;
  const wrapped: Record<string, unknown> = {};
  for (const name of ['query', 'exec', 'transaction']) {
    const original = client[name] as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = original;
    client[name] = (...args: unknown[]) =>
      down ? Promise.reject(new Error('PGlite is closed')) : original.apply(client, args);
  }
  return {
    cut() {
      down = true;
    },
    restore() {
      down = false;
    },
    close() {
      Object.assign(client, wrapped);
      return Promise.resolve();
    },
  };
}
