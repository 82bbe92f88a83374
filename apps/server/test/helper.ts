import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../src/app.js';
import { DEMO_PASSWORD, loadConfig, type Config } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import type { Clock } from '../src/lib/clock.js';

export { DEMO_PASSWORD };

export interface TestApp {
  app: App;
  config: Config;
  database: Database;
  close(): Promise<void>;
  login(email: string, password?: string): Promise<string>;
  /** JSON request with an optional bearer token; returns status and parsed body. */
  call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; res: LightMyRequestResponse }>;
  outbox(): string[];
}

/**
 * A fresh database per test file: a copy of the migrated template on the embedded database, or,
 * with TEST_DATABASE_URL set, a new PostgreSQL database dropped when the file ends.
 */
export async function freshDatabase(
  via?: (url: URL) => URL,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
    return { database: await openPglite({ loadDataDir: dump }), drop: () => Promise.resolve() };
  }
  const name = `voltline_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  // Through a proxy a test cuts, idle connections dropping is expected and not worth a line.
  const database = via
    ? await openPostgres(via(target).toString(), 5, () => undefined)
    : await openPostgres(target.toString(), 5);
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** `clock`: the services' clock, for tests that move time instead of waiting. */
export async function createTestApp(
  env: Record<string, string> = {},
  /** via: the address the app reaches PostgreSQL at, e.g. through a proxy a test cuts. */
  opts: { clock?: Clock; via?: (url: URL) => URL } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voltline-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    SIMULATE: 'false',
    PUBLIC_URL: 'http://voltline.test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-42',
    WEB_DIST: path.join(dataDir, 'no-portal'),
    ...env,
  });
  const { database, drop } = await freshDatabase(opts.via);
  await bootstrap(database.db, config);
  const app = await buildApp({ config, database, ...(opts.clock ? { clock: opts.clock } : {}) });
  await app.ready();

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      payload: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const type = String(res.headers['content-type'] ?? '');
    const body = (type.includes('json') ? res.json() : res.body) as never;
    return { status: res.statusCode, body, res };
  };

  return {
    app,
    config,
    database,
    call,
    async login(email, password = DEMO_PASSWORD) {
      const r = await call<{ data: { token: string } }>('POST', '/api/portal/Auth/login', {
        body: { Email: email, Password: password },
      });
      if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.data.token;
    },
    outbox() {
      const dir = path.join(dataDir, 'outbox');
      try {
        return readdirSync(dir)
          .sort()
          .map((f) => readFileSync(path.join(dir, f), 'utf8'));
      } catch {
        return [];
      }
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An outbox e-mail's text, quoted-printable decoded. */
export function mailText(mail: string): string {
  return mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The reset token from an e-mail of the outbox. */
export function resetTokenFrom(mail: string): string {
  const match = /forgotPassword\?token=([A-Za-z0-9_%-]+)/.exec(mailText(mail));
  return decodeURIComponent(match?.[1] ?? '');
}

/** The registration link's token from an e-mail of the outbox (undefined when it has none). */
export function confirmLinkIn(mail: string): string | undefined {
  return /\/auth\/register\/confirm\?token=([^\s]+)/.exec(mailText(mail))?.[1];
}

/**
 * Registers a network as a stranger would: the registration, then the e-mailed link, which
 * creates the operator and signs its owner in. Answers the owner's token.
 */
export async function registerNetwork(
  t: TestApp,
  body: { companyName: string; name: string; surname: string; email: string; password: string },
): Promise<string> {
  const before = t.outbox().length;
  const reg = await t.call('POST', '/api/portal/Auth/register', { body });
  if (reg.status !== 200) throw new Error(`registration answered ${reg.status}`);
  await t.app.services.auth.idle();
  const mail =
    t
      .outbox()
      .slice(before)
      .find((m) => m.includes(`To: ${body.email}`)) ?? '';
  const token = decodeURIComponent(confirmLinkIn(mail) ?? '');
  const confirmed = await t.call<{ data: { token: string } }>('POST', '/api/portal/Auth/register/confirm', {
    token,
  });
  if (confirmed.status !== 200) throw new Error(`the registration link answered ${confirmed.status}`);
  return confirmed.body.data.token;
}
