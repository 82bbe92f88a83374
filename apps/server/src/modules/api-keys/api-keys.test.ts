import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLogs } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';

// API keys (issue #32): a key acts with its role's permissions over its operator's subtree, on
// every route, like a user; it is checked on every request, so a revocation holds at once.

const KEY_LIMIT = 6;
const clock = manualClock();
let t: TestApp;
let admin: string;
let main: string;
let istanbul: string;
let ops: { id: number; name: string }[];

type Err = { error: string; details?: { field: string; message: string }[] };
type Key = { id: number; name: string; prefix: string; state: string; lastUsedAt: string | null };
type Created = { data: { key: Key; secret: string }; message: string };

beforeAll(async () => {
  t = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: String(KEY_LIMIT) }, { clock });
  admin = await t.login('admin@voltline.local');
  main = await t.login('main@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  ops = (await t.call<{ data: typeof ops }>('GET', '/api/portal/operator/lookup', { token: admin })).body
    .data;
});
afterAll(() => t.close());

const KEYS = '/api/portal/integrations/apiKeys';
const PAYMENTS = '/api/portal/Payment/GetPaymentTransactions?index=0&size=10';
const opId = (name: string) => ops.find((o) => o.name === name)?.id ?? 0;
const inDays = (days: number) => new Date(clock.now().getTime() + days * 86_400_000).toISOString();

let n = 0;
async function createKey(body: Record<string, unknown>, token = admin) {
  const r = await t.call<Created & Err>('POST', KEYS, {
    token,
    body: { name: `Key ${++n}`, operatorId: opId('Voltline Demo Network'), expiresAt: inDays(30), ...body },
  });
  return r;
}

async function newKey(body: Record<string, unknown>, token = admin) {
  const r = await createKey(body, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

/** A request made with an API key, from an address of the caller's choosing. */
async function asKey(
  secret: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  opts: { body?: unknown; from?: string; lang?: string } = {},
) {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: opts.from ?? '127.0.0.1',
    headers: {
      authorization: `Bearer ${secret}`,
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
    payload: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown> & Err>() };
}

describe('API keys', () => {
  it('lets a Finance key read payments and refuses it a charge-point write', async () => {
    const { secret } = await newKey({ role: 'Finance' });
    const payments = await asKey(secret, 'POST', PAYMENTS, { body: {} });
    expect(payments.status).toBe(200);
    // The key reads what a Finance user of its operator reads.
    const finance = await t.login('finance@voltline.local');
    const asUser = await t.call<{ data: unknown }>('POST', PAYMENTS, { token: finance, body: {} });
    expect(payments.body.data).toEqual(asUser.body.data);
    const write = await asKey(secret, 'POST', '/api/portal/ChargePoint', { body: {} });
    expect(write.status).toBe(403);
    expect(write.body.error).toBe('You do not have permission to do this.');
  });

  it('shows the secret once: the list names the key by its prefix, never its secret', async () => {
    const { key, secret } = await newKey({ permissions: ['sessions:read'] });
    expect(secret).toMatch(/^vl_live_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(key.prefix)).toBe(true);
    const list = await t.call<{ data: Key[] }>('GET', KEYS, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data.find((k) => k.id === key.id)).toMatchObject({
      prefix: key.prefix,
      state: 'active',
    });
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(key.prefix.length));
    // Stored as a hash only, and never written into the audit trail.
    const stored = JSON.stringify([
      await t.database.db.select().from(apiKeys),
      await t.database.db.select().from(auditLogs),
    ]);
    expect(stored).not.toContain(secret.slice(key.prefix.length));
    // The narrower list is all it has: sessions yes, payments no.
    expect(
      (await asKey(secret, 'POST', '/api/portal/Transaction/GetTransactionsDynamic', { body: {} })).status,
    ).not.toBe(403);
    expect((await asKey(secret, 'POST', PAYMENTS, { body: {} })).status).toBe(403);
    const used = await t.call<{ data: Key[] }>('GET', KEYS, { token: admin });
    expect(used.body.data.find((k) => k.id === key.id)?.lastUsedAt).not.toBeNull();
  });

  it('refuses a revoked key at once, and a made-up one', async () => {
    const { key, secret } = await newKey({ role: 'Finance' });
    expect((await asKey(secret, 'POST', PAYMENTS, { body: {} })).status).toBe(200);
    const revoked = await t.call<{ data: Key; message: string }>('POST', `${KEYS}/${key.id}/revoke`, {
      token: admin,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.state).toBe('revoked');
    const after = await asKey(secret, 'POST', PAYMENTS, { body: {} });
    expect(after).toMatchObject({ status: 401, body: { error: 'This API key has been revoked.' } });
    const again = await t.call<Err>('POST', `${KEYS}/${key.id}/revoke`, { token: admin });
    expect(again.status).toBe(409);
    const madeUp = await asKey(`vl_live_${'A'.repeat(43)}`, 'POST', PAYMENTS, { body: {} });
    expect(madeUp).toMatchObject({ status: 401, body: { error: 'This API key is not valid.' } });
  });

  it('refuses a key from an address outside its list', async () => {
    const { secret } = await newKey({ role: 'Finance', allowedIps: ['203.0.113.0/24', '2001:db8::1'] });
    expect((await asKey(secret, 'POST', PAYMENTS, { body: {}, from: '203.0.113.77' })).status).toBe(200);
    expect((await asKey(secret, 'POST', PAYMENTS, { body: {}, from: '2001:db8::1' })).status).toBe(200);
    const outside = await asKey(secret, 'POST', PAYMENTS, { body: {}, from: '198.51.100.7' });
    expect(outside).toMatchObject({
      status: 403,
      body: { error: 'This API key may not be used from this address.' },
    });
    const bad = await createKey({ role: 'Finance', allowedIps: ['not-an-address'] });
    expect(bad.status).toBe(400);
  });

  it('gives a key no role or permission its creator lacks, and no operator out of reach', async () => {
    const adminRole = await createKey({ role: 'Admin' }, main);
    expect(adminRole.status).toBe(403);
    expect(adminRole.body.error).toBe('You cannot give the role Admin.');
    // Technical Support has the raw command console, which a Main Operator does not.
    const support = await createKey({ role: 'Technical Support' }, main);
    expect(support.status).toBe(403);
    expect(support.body.error).toContain('commands:raw');
    const installation = await createKey({ permissions: ['installation:write'] }, main);
    expect(installation.status).toBe(403);
    const outOfReach = await createKey(
      { role: 'Finance', operatorId: opId('Voltline Demo Network') },
      istanbul,
    );
    expect(outOfReach.status).toBe(400);
    expect(outOfReach.body.error).toBe('That operator is not within your reach.');
    const both = await createKey({ role: 'Finance', permissions: ['sessions:read'] });
    expect(both.status).toBe(400);
    const past = await createKey({ role: 'Finance', expiresAt: inDays(-1) });
    expect(past.status).toBe(400);
    const finance = await t.login('finance@voltline.local');
    expect((await createKey({ role: 'Finance' }, finance)).status).toBe(403);
    expect((await createKey({ role: 'Finance' }, main)).status).toBe(200);
  });

  it('lets no one rotate or revoke a key that gives more than they could give', async () => {
    // An Admin's key for the root operator: a Main Operator there reaches it, but may not hold Admin.
    const { key, secret } = await newKey({ role: 'Admin' });
    const rotate = await t.call<Err>('POST', `${KEYS}/${key.id}/rotate`, {
      token: main,
      body: { overlapHours: 0 },
    });
    expect(rotate.status).toBe(403);
    expect(rotate.body.error).toBe('You cannot give the role Admin.');
    const revoke = await t.call<Err>('POST', `${KEYS}/${key.id}/revoke`, { token: main, body: {} });
    expect(revoke.status).toBe(403);
    // The key is as it was: its secret still works.
    const still = await asKey(secret, 'POST', PAYMENTS, { body: {} });
    expect(still.status, JSON.stringify(still.body)).toBe(200);
  });

  it('keeps a key within its operator and those below, and shows each operator only its keys', async () => {
    const root = await newKey({ role: 'Finance', name: 'Root books' });
    const own = await newKey(
      { role: 'Main Operator', name: 'Istanbul sync', operatorId: opId('Voltline İstanbul') },
      istanbul,
    );
    const users = await asKey(own.secret, 'GET', '/api/portal/user');
    expect(users.status).toBe(200);
    const names = (users.body.data as { operatorName: string }[]).map((u) => u.operatorName);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set(['Voltline İstanbul']));
    const listed = await t.call<{ data: Key[] }>('GET', KEYS, { token: istanbul });
    expect(listed.body.data.map((k) => k.name)).toContain('Istanbul sync');
    expect(listed.body.data.map((k) => k.name)).not.toContain('Root books');
    expect((await t.call<Err>('POST', `${KEYS}/${root.key.id}/revoke`, { token: istanbul })).status).toBe(
      404,
    );
    expect((await asKey(root.secret, 'POST', PAYMENTS, { body: {} })).status).toBe(200);
  });

  it('records a key’s change in the audit log as the key, in the reader’s language', async () => {
    const { secret } = await newKey({ role: 'Main Operator', name: 'HR sync' });
    const created = await asKey(secret, 'POST', '/api/portal/tariff', {
      body: {
        name: 'Made by a key',
        operatorId: opId('Voltline Demo Network'),
        type: 'AC',
        paymentType: 'Postpaid',
        pricePerKwh: 1_000,
      },
    });
    expect(created.status).toBe(200);
    const read = async (lang: string) =>
      (
        await t.call<{
          data: { items: { userName: string | null; userId: number | null; entityId: string }[] };
        }>('POST', '/api/portal/AuditLogs/GetAuditLogsDynamic?index=0&size=10', {
          token: admin,
          body: { entity: 'tariff', action: 'create' },
          headers: { 'accept-language': lang },
        })
      ).body.data.items[0];
    const id = String((created.body.data as { id: number }).id);
    expect(await read('en')).toMatchObject({ userName: 'API key HR sync', userId: null, entityId: id });
    expect(await read('tr')).toMatchObject({ userName: 'API anahtarı HR sync' });
  });

  it('lets no key manage keys or act as a person', async () => {
    const { secret } = await newKey({ role: 'Admin' });
    const list = await asKey(secret, 'GET', KEYS);
    expect(list).toMatchObject({
      status: 403,
      body: { error: 'An API key cannot do this; a person must sign in.' },
    });
    expect((await asKey(secret, 'GET', '/api/portal/Auth/me')).status).toBe(403);
    expect((await asKey(secret, 'POST', PAYMENTS, { body: {} })).status).toBe(200);
  });

  it('lets no key create, change or delete users, so none can leave accounts behind it', async () => {
    const { secret } = await newKey({ role: 'Admin' });
    const email = `made-by-key-${n}@voltline.test`;
    const create = await asKey(secret, 'POST', '/api/portal/user', {
      body: {
        name: 'Made',
        surname: 'ByKey',
        email,
        password: 'Key-Made-Password-1',
        roles: ['Admin'],
        operatorId: opId('Voltline Demo Network'),
      },
    });
    expect(create).toMatchObject({
      status: 403,
      body: { error: 'An API key cannot do this; a person must sign in.' },
    });
    const tr = await asKey(secret, 'DELETE', '/api/portal/user/1', { lang: 'tr' });
    expect(tr.status).toBe(403);
    expect(tr.body.error).toBe('Bunu bir API anahtarı yapamaz; bir kişinin oturum açması gerekir.');
    // Reading the users stays open to a key with the permission.
    const users = await asKey(secret, 'GET', '/api/portal/user');
    expect(users.status).toBe(200);
    expect(JSON.stringify(users.body)).not.toContain(email);
  });

  it('counts each key by its own rate limit', async () => {
    const first = await newKey({ role: 'Finance' });
    const second = await newKey({ role: 'Finance' });
    const statuses: number[] = [];
    for (let i = 0; i < KEY_LIMIT + 2; i++)
      statuses.push((await asKey(first.secret, 'POST', PAYMENTS, { body: {} })).status);
    expect(statuses.slice(0, KEY_LIMIT)).toEqual(Array(KEY_LIMIT).fill(200));
    expect(statuses.slice(KEY_LIMIT)).toEqual([429, 429]);
    expect((await asKey(second.secret, 'POST', PAYMENTS, { body: {} })).status).toBe(200);
  });

  it('says in the OpenAPI document how to send a key', async () => {
    const doc = await t.call<{ components: { securitySchemes: Record<string, { description?: string }> } }>(
      'GET',
      '/api/docs/json',
    );
    expect(doc.body.components.securitySchemes.apiKey?.description).toContain(
      'Authorization: Bearer vl_live_',
    );
  });

  // Last: these move the clock.
  it('refuses a key past its expiry', async () => {
    const { secret } = await newKey({ role: 'Finance', expiresAt: inDays(1) });
    expect((await asKey(secret, 'POST', PAYMENTS, { body: {} })).status).toBe(200);
    clock.advance(2 * 86_400_000);
    const expired = await asKey(secret, 'POST', PAYMENTS, { body: {} });
    expect(expired).toMatchObject({ status: 401, body: { error: 'This API key has expired.' } });
  });

  it('keeps the old secret of a rotated key working for the overlap, then refuses it', async () => {
    admin = await t.login('admin@voltline.local');
    const { key, secret: old } = await newKey({ role: 'Finance' });
    const rotated = await t.call<Created>('POST', `${KEYS}/${key.id}/rotate`, {
      token: admin,
      body: { overlapHours: 2 },
    });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data.secret;
    expect(fresh).not.toBe(old);
    expect((await asKey(old, 'POST', PAYMENTS, { body: {} })).status).toBe(200);
    expect((await asKey(fresh, 'POST', PAYMENTS, { body: {} })).status).toBe(200);
    clock.advance(3 * 3_600_000);
    expect((await asKey(old, 'POST', PAYMENTS, { body: {} })).status).toBe(401);
    expect((await asKey(fresh, 'POST', PAYMENTS, { body: {} })).status).toBe(200);
  });
});
