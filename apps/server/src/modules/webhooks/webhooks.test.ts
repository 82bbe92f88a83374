import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import type { WebhookDelivery, WebhookEndpoint, WebhookWithSecret } from '@voltline/contract';
import { rowsOf } from '../../db/client.js';
import { integrationEvents, operators, auditLogs } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { settled } from '../events/commit-order.js';
import { appendEvent } from '../events/events.repository.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { until } from '../../../test/ocpp-helper.js';
import { Receiver } from '../../../test/webhook-receiver.js';
import { refusalOf } from './url-guard.js';
import { claimDue, recordDelivered, recordTry } from './sender.js';

const clock = manualClock();
let t: TestApp;
let admin: string;
let rootId: number;
let istanbulId: number;
let ankaraId: number;
const receivers: Receiver[] = [];

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '60000' }, { clock });
  admin = await t.login('admin@voltline.local');
  const all = await t.database.db.select().from(operators);
  rootId = (await t.database.db.select().from(operators).where(isNull(operators.parentId)))[0]!.id;
  istanbulId = all.find((o) => o.name === 'Voltline İstanbul')!.id;
  ankaraId = all.find((o) => o.name === 'Voltline Ankara')!.id;
});
// Tests move the clock by hours: a fresh sign-in each time.
beforeEach(async () => {
  admin = await t.login('admin@voltline.local');
});
afterEach(async () => {
  admin = await t.login('admin@voltline.local');
  // Each test's endpoints go with it: a later test's events reach only its own.
  const list = await t.call<{ data: WebhookEndpoint[] }>('GET', '/api/portal/Webhooks', { token: admin });
  for (const e of list.body.data ?? [])
    await t.call('DELETE', `/api/portal/Webhooks/${e.id}`, { token: admin });
  for (const r of receivers.splice(0)) await r.down();
});
afterAll(() => t.close());

async function receiverWithEndpoint(token = admin, body: Record<string, unknown> = {}) {
  const r = await new Receiver().up();
  r.now = () => clock.now().getTime();
  receivers.push(r);
  const created = await t.call<{ data: WebhookWithSecret }>('POST', '/api/portal/Webhooks', {
    token,
    body: { url: r.url, ...body },
  });
  expect(created.status).toBe(200);
  r.secret = created.body.data.secret;
  return { r, endpoint: created.body.data };
}

const stopped = (operatorId: number, chargePointId: number, subject: number) =>
  appendEvent(t.database.db, {
    operatorId,
    type: 'session.stopped',
    chargePointId,
    subject,
    data: { sessionId: subject, chargePoint: chargePointId, energyWh: 12_000 },
  });
/**
 * The worker sends only settled events (events/commit-order.ts: every older transaction of the
 * database cluster ended). On a PostgreSQL server that other test files share, that may be a
 * moment after the commit; the worker's next round then sends them, as it would in service.
 */
const allSettled = async () =>
  rowsOf<{ ok: boolean }>(
    await t.database.db.execute(
      sql`SELECT NOT EXISTS (SELECT 1 FROM ${integrationEvents} WHERE NOT (${settled})) AS ok`,
    ),
  )[0]!.ok;
const tick = async () => {
  await until(allSettled, 30_000);
  return t.app.services.webhookWorker.tick();
};
const log = async (query = '') =>
  (
    await t.call<{ data: { items: WebhookDelivery[] } }>('GET', `/api/portal/Webhooks/deliveries${query}`, {
      token: admin,
    })
  ).body.data.items;

describe('webhooks', () => {
  it('sends a signed session.stopped the receiver verifies, and logs the answer; the secret is shown once', async () => {
    const { r, endpoint } = await receiverWithEndpoint(admin, { eventTypes: ['session.stopped'] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    await appendEvent(t.database.db, {
      operatorId: rootId,
      type: 'session.started',
      chargePointId: 1,
      data: {},
    });
    const eventId = await stopped(rootId, 1, 501);
    await tick();
    expect(r.received).toHaveLength(1);
    const got = r.received[0]!;
    expect(got.verified).toBe(true);
    expect(got.headers['voltline-event-id']).toBe(String(eventId));
    expect(got.headers['voltline-event-type']).toBe('session.stopped');
    expect(got.event).toMatchObject({
      id: String(eventId),
      type: 'session.stopped',
      data: { sessionId: 501 },
    });
    const [delivery] = await log(`?endpointId=${endpoint.id}`);
    expect(delivery).toMatchObject({
      state: 'delivered',
      attempts: 1,
      tries: [{ status: 200, answer: 'ok' }],
    });
    const list = await t.call('GET', '/api/portal/Webhooks', { token: admin });
    expect(JSON.stringify(list.body)).not.toContain(endpoint.secret);
  });

  it('tries again with growing pauses after the receiver’s errors, then delivers', async () => {
    const { r, endpoint } = await receiverWithEndpoint();
    r.status = 503;
    r.answer = 'busy';
    await stopped(rootId, 2, 502);
    await tick();
    await tick();
    expect(r.received).toHaveLength(1);
    clock.advance(30_000);
    await tick();
    expect(r.received).toHaveLength(2);
    clock.advance(30_000);
    await tick();
    expect(r.received).toHaveLength(2);
    r.status = 200;
    r.answer = 'ok';
    clock.advance(30_000);
    await tick();
    expect(r.received).toHaveLength(3);
    const [delivery] = await log(`?endpointId=${endpoint.id}`);
    expect(delivery!.state).toBe('delivered');
    expect(delivery!.tries.map((x) => [x.status, x.answer])).toEqual([
      [503, 'busy'],
      [503, 'busy'],
      [200, 'ok'],
    ]);
  });

  it('keeps the order of a charger’s events: a later one waits while an earlier one is retried', async () => {
    const { r } = await receiverWithEndpoint();
    r.status = 500;
    await stopped(rootId, 7, 1);
    await stopped(rootId, 7, 2);
    await stopped(rootId, 8, 3);
    await tick();
    expect(r.received.map((x) => x.event.data.sessionId)).toEqual([1, 3]);
    r.status = 200;
    clock.advance(30_000);
    await tick();
    const sessions = (cp: number) =>
      r.received.filter((x) => x.event.data.chargePoint === cp).map((x) => x.event.data.sessionId);
    expect(sessions(7)).toEqual([1, 1, 2]);
    expect(sessions(8)).toEqual([3, 3]);
  });

  it('switches an endpoint off after a day of failures and e-mails the operator’s admins', async () => {
    const { r, endpoint } = await receiverWithEndpoint();
    r.status = 500;
    await stopped(rootId, 9, 900);
    for (let hour = 0; hour <= 25; hour++) {
      await tick();
      clock.advance(3_600_000);
    }
    const list = await t.call<{ data: WebhookEndpoint[] }>('GET', '/api/portal/Webhooks', {
      token: await t.login('admin@voltline.local'),
    });
    expect(list.body.data.find((e) => e.id === endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: 'failing',
    });
    const mails = t.outbox().filter((m) => m.includes('webhook was switched off'));
    expect(mails.some((m) => m.includes('To: admin@voltline.local'))).toBe(true);
    expect(mails.some((m) => m.includes('To: main@voltline.local'))).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'webhook.switchedOff'));
    expect(audit).toHaveLength(1);
    // Switched off, it is sent nothing more.
    const before = r.received.length;
    await stopped(rootId, 9, 901);
    clock.advance(3_600_000);
    await tick();
    expect(r.received).toHaveLength(before);
  });

  it('sends a test event on request and one delivery again on replay', async () => {
    const { r, endpoint } = await receiverWithEndpoint();
    const test = await t.call<{ data: { deliveryId: number } }>(
      'POST',
      `/api/portal/Webhooks/${endpoint.id}/test`,
      {
        token: admin,
      },
    );
    expect(test.status).toBe(200);
    await tick();
    expect(r.types()).toEqual(['webhook.test']);
    expect(r.received[0]!.verified).toBe(true);
    const replay = await t.call(
      'POST',
      `/api/portal/Webhooks/deliveries/${test.body.data.deliveryId}/replay`,
      {
        token: admin,
      },
    );
    expect(replay.status).toBe(200);
    await tick();
    expect(r.types()).toEqual(['webhook.test', 'webhook.test']);
    const [delivery] = await log(`?endpointId=${endpoint.id}`);
    expect(delivery).toMatchObject({ eventType: 'webhook.test', state: 'delivered', attempts: 2 });
    expect(delivery!.tries).toHaveLength(2);
  });

  it('records the other deliveries of a batch when one endpoint was deleted mid-send', async () => {
    const a = await receiverWithEndpoint();
    const b = await receiverWithEndpoint();
    await stopped(rootId, 31, 3101);
    await until(allSettled, 30_000);
    await t.app.services.webhookWorker.dispatcher.run(clock.now());
    const mine = new Set([a.endpoint.id, b.endpoint.id]);
    const batch = (await claimDue(t.database.db, clock.now(), 200)).filter((d) => mine.has(d.endpointId));
    expect(batch.map((d) => d.endpointId).sort()).toEqual([...mine].sort());
    // Endpoint A is deleted while both are being sent; both receivers answer 200.
    expect((await t.call('DELETE', `/api/portal/Webhooks/${a.endpoint.id}`, { token: admin })).status).toBe(
      200,
    );
    const answer = { status: 200, answer: 'ok', error: null, durationMs: 3 };
    await recordDelivered(
      t.database.db,
      batch.map((d) => ({ d, r: answer })),
      clock.now(),
    );
    const failed = { status: 500, answer: 'no', error: null, durationMs: 3 };
    expect(
      await recordTry(
        t.database.db,
        batch.find((d) => d.endpointId === a.endpoint.id)!,
        failed,
        clock.now(),
      ),
    ).toBe(false);
    const [delivery] = await log(`?endpointId=${b.endpoint.id}`);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 1, tries: [{ status: 200 }] });
    expect(await log(`?endpointId=${a.endpoint.id}`)).toEqual([]);
  });

  it('does not send a delivery twice at once when it is replayed while being sent', async () => {
    const { endpoint } = await receiverWithEndpoint();
    await stopped(rootId, 32, 3201);
    await until(allSettled, 30_000);
    await t.app.services.webhookWorker.dispatcher.run(clock.now());
    const sending = (await claimDue(t.database.db, clock.now(), 200)).filter(
      (d) => d.endpointId === endpoint.id,
    );
    expect(sending).toHaveLength(1);
    const replay = await t.call('POST', `/api/portal/Webhooks/deliveries/${sending[0]!.id}/replay`, {
      token: admin,
    });
    expect(replay.status).toBe(200);
    // Another process looks for due deliveries while the first send is still under way.
    const again = (await claimDue(t.database.db, clock.now(), 200)).filter(
      (d) => d.endpointId === endpoint.id,
    );
    expect(again).toEqual([]);
    await recordDelivered(
      t.database.db,
      [{ d: sending[0]!, r: { status: 200, answer: 'ok', error: null, durationMs: 3 } }],
      clock.now(),
    );
    const [delivery] = await log(`?endpointId=${endpoint.id}`);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 1 });
  });

  it('sends an operator’s endpoint its own and its sub-operators’ events, never a sibling’s', async () => {
    const istanbul = await t.login('istanbul@voltline.local');
    const own = await receiverWithEndpoint(istanbul);
    const root = await receiverWithEndpoint(admin);
    await stopped(ankaraId, 20, 2001);
    await stopped(istanbulId, 21, 2101);
    await stopped(rootId, 22, 2201);
    await tick();
    expect(own.r.received.map((x) => x.event.data.sessionId)).toEqual([2101]);
    expect(root.r.received.map((x) => x.event.data.sessionId).sort()).toEqual([2001, 2101, 2201]);
    const seen = await t.call<{ data: WebhookEndpoint[] }>('GET', '/api/portal/Webhooks', {
      token: istanbul,
    });
    expect(seen.body.data.map((e) => e.id)).toEqual([own.endpoint.id]);
    const rootDelivery = (await log(`?endpointId=${root.endpoint.id}`))[0]!;
    const replay = await t.call('POST', `/api/portal/Webhooks/deliveries/${rootDelivery.id}/replay`, {
      token: istanbul,
    });
    expect(replay.status).toBe(404);
  });

  it('refuses plain http to a public host and, unless allowed, private addresses', async () => {
    const refused = await t.call<{ error: string }>('POST', '/api/portal/Webhooks', {
      token: admin,
      body: { url: 'http://93.184.216.34/hook' },
      headers: { 'accept-language': 'tr' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('https://');
    expect(await refusalOf('http://127.0.0.1:9/x', false)).toBe('private');
    expect(await refusalOf('https://169.254.169.254/latest', false)).toBe('private');
    expect(await refusalOf('https://[::ffff:10.0.0.1]/', false)).toBe('private');
    expect(await refusalOf('https://93.184.216.34/hook', false)).toBeNull();
    expect(await refusalOf('http://127.0.0.1:9/x', true)).toBeNull();
  });
});
