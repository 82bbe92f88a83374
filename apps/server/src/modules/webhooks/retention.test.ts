import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, isNull } from 'drizzle-orm';
import {
  integrationEvents,
  operators,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { appendEvent } from '../events/events.repository.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { IntegrationRetention } from './retention.js';

// Events and the webhook delivery log are kept EVENTS_RETENTION_DAYS and WEBHOOK_LOG_RETENTION_DAYS
// (30 by default): older ones are deleted every hour, a pending delivery never, and an event
// not while a delivery of it is kept.

const DAY = 24 * 3_600_000;
const clock = manualClock();
let t: TestApp;
let root: number;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_POLL_MS: '60000' }, { clock });
  root = (await t.database.db.select().from(operators).where(isNull(operators.parentId)))[0]!.id;
});
afterAll(() => t.close());

describe('integration retention', () => {
  it('deletes old events and finished deliveries in batches, and keeps pending ones and recent ones', async () => {
    const db = t.database.db;
    const now = clock.now().getTime();
    const ago = (days: number) => new Date(now - days * DAY);
    const event = (days: number, marker: string) =>
      appendEvent(db, { operatorId: root, type: 'booking.created', data: { marker }, occurredAt: ago(days) });
    const oldEvents = [];
    for (let i = 0; i < 5; i++) oldEvents.push(await event(40, `old-${i}`));
    const waited = await event(40, 'old-pending');
    // Old, but its delivery gave up recently: the log keeps the delivery, which may be replayed.
    const logged = await event(40, 'old-logged');
    const recent = await event(10, 'recent');
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        operatorId: root,
        url: 'https://receiver.example/hook',
        secret: 'whsec_test',
        enabled: false,
      })
      .returning();
    const delivery = (eventId: number, state: string, days: number) => ({
      endpointId: endpoint!.id,
      eventId,
      eventType: 'booking.created',
      state,
      nextAttemptAt: ago(days),
      giveUpAt: ago(days - 1),
      deliveredAt: state === 'delivered' ? ago(days) : null,
      createdAt: ago(days),
    });
    const rows = await db
      .insert(webhookDeliveries)
      .values([
        delivery(oldEvents[0]!, 'delivered', 40),
        delivery(oldEvents[1]!, 'failed', 40),
        delivery(oldEvents[2]!, 'delivered', 40),
        delivery(waited, 'pending', 40),
        delivery(recent, 'delivered', 10),
        delivery(recent + 1_000_000, 'failed', 10),
        delivery(logged, 'failed', 10),
      ])
      .returning({ id: webhookDeliveries.id });
    const ids = rows.map((r) => r.id);
    await db
      .insert(webhookAttempts)
      .values(ids.map((deliveryId) => ({ deliveryId, at: ago(40), durationMs: 5 })));

    // The service as configured (30 days each), with small batches to take several rounds.
    const config = t.config;
    expect([config.EVENTS_RETENTION_DAYS, config.WEBHOOK_LOG_RETENTION_DAYS]).toEqual([30, 30]);
    const retention = new IntegrationRetention({
      db,
      clock,
      eventDays: config.EVENTS_RETENTION_DAYS,
      deliveryDays: config.WEBHOOK_LOG_RETENTION_DAYS,
      batch: 2,
    });
    const removed = await retention.run();
    expect(removed.deliveries).toBe(3);

    const left = await db
      .select({ id: webhookDeliveries.id, state: webhookDeliveries.state })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.id, ids));
    expect(left.map((d) => d.id).sort((a, b) => a - b)).toEqual([ids[3], ids[4], ids[5], ids[6]]);
    const tries = await db
      .select({ deliveryId: webhookAttempts.deliveryId })
      .from(webhookAttempts)
      .where(inArray(webhookAttempts.deliveryId, ids));
    expect(tries.map((a) => a.deliveryId).sort((a, b) => a - b)).toEqual([ids[3], ids[4], ids[5], ids[6]]);

    const events = await db
      .select({ id: integrationEvents.id })
      .from(integrationEvents)
      .where(inArray(integrationEvents.id, [...oldEvents, waited, logged, recent]));
    expect(events.map((e) => e.id).sort((a, b) => a - b)).toEqual([waited, logged, recent]);

    // Nothing more is due: a second run deletes nothing.
    expect(await retention.run()).toEqual({ deliveries: 0, events: 0 });
  });

  it('runs every hour in the leading process', () => {
    expect(t.app.services.integrationRetention).toBeInstanceOf(IntegrationRetention);
  });
});
