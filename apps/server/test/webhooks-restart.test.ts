import { describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import type { WebhookWithSecret } from '@voltline/contract';
import { buildApp } from '../src/app.js';
import { operators } from '../src/db/schema/index.js';
import { manualClock } from '../src/lib/clock.js';
import { appendEvent } from '../src/modules/events/events.repository.js';
import { createTestApp, type TestApp } from './helper.js';
import { Receiver } from './webhook-receiver.js';

// Deliveries are stored before they are sent: a receiver down for ten minutes across a restart of
// the server still gets every event, in each charger's order. In a cluster each is sent once.

async function setUp(t: TestApp, clock: ReturnType<typeof manualClock>) {
  const receiver = await new Receiver().up();
  receiver.now = () => clock.now().getTime();
  const created = await t.call<{ data: WebhookWithSecret }>('POST', '/api/portal/Webhooks', {
    token: await t.login('admin@voltline.local'),
    body: { url: receiver.url, eventTypes: ['session.stopped'] },
  });
  expect(created.status).toBe(200);
  receiver.secret = created.body.data.secret;
  const [root] = await t.database.db.select().from(operators).where(isNull(operators.parentId));
  const stopped = (chargePointId: number, sessionId: number) =>
    appendEvent(t.database.db, {
      operatorId: root!.id,
      type: 'session.stopped',
      chargePointId,
      subject: sessionId,
      data: { sessionId, chargePoint: chargePointId },
    });
  return { receiver, stopped };
}

const until = async (done: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('webhook deliveries across a restart and in a cluster', () => {
  it('sends every event after the receiver was down for ten minutes and the server restarted between', async () => {
    const clock = manualClock();
    const t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '200' }, { clock });
    const { receiver, stopped } = await setUp(t, clock);
    let again: Awaited<ReturnType<typeof buildApp>> | null = null;
    try {
      await receiver.down();
      for (const [cp, session] of [
        [1, 11],
        [2, 21],
        [1, 12],
        [2, 22],
        [1, 13],
      ] as const)
        await stopped(cp, session);
      await t.app.services.webhookWorker.tick();
      await t.app.close();
      expect(receiver.received).toEqual([]);

      clock.advance(10 * 60_000);
      await receiver.up();
      again = await buildApp({ config: t.config, database: t.database, clock });
      await again.ready();
      await until(() => receiver.received.length >= 5);
      const sessions = (cp: number) =>
        receiver.received.filter((x) => x.event.data.chargePoint === cp).map((x) => x.event.data.sessionId);
      expect(sessions(1)).toEqual([11, 12, 13]);
      expect(sessions(2)).toEqual([21, 22]);
      expect(receiver.received.every((x) => x.verified)).toBe(true);
    } finally {
      await again?.close();
      await receiver.down();
      await t.close();
    }
  });

  it('sends each delivery once when two processes share the database', async () => {
    const clock = manualClock();
    const t = await createTestApp(
      { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '60000', NODE_ID: 'node-a' },
      { clock },
    );
    const { receiver, stopped } = await setUp(t, clock);
    const b = await buildApp({ config: { ...t.config, nodeId: 'node-b' }, database: t.database, clock });
    await b.ready();
    try {
      for (let i = 0; i < 40; i++) await stopped(100 + (i % 4), i);
      const workers = [t.app.services.webhookWorker, b.services.webhookWorker];
      for (let round = 0; round < 5; round++) await Promise.all(workers.map((w) => w.tick()));
      const ids = receiver.received.map((x) => x.event.id);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
      for (let cp = 100; cp < 104; cp++) {
        const order = receiver.received
          .filter((x) => x.event.data.chargePoint === cp)
          .map((x) => x.event.data.sessionId);
        expect(order).toEqual([...order].sort((x, y) => Number(x) - Number(y)));
      }
    } finally {
      await b.close();
      await receiver.down();
      await t.close();
    }
  });
});
