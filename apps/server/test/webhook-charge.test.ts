import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { WebhookWithSecret } from '@voltline/contract';
import { connectors, drivers, operators, rfidCards, tariffs } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helper.js';
import { boot, connectClient, listen, registerChargePoint } from './ocpp-helper.js';
import { Receiver } from './webhook-receiver.js';

// Issue #32, end to end: an integrator's receiver registered in the API gets a signed
// session.stopped (and the bill after it) once a simulated OCPP 1.6 charger has charged, with the
// charger named by its OCPP identity and the energy the charger metered.

const PW = 'webhook-charge-secret1';
let t: TestApp;
let url: string;
const receiver = new Receiver();

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '100' });
  url = await listen(t);
  await receiver.up();
});
afterAll(async () => {
  await receiver.down();
  await t.close();
});

const waitFor = async (done: () => boolean, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('the receiver got nothing in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('a webhook receiver and a simulated charge', () => {
  it('receives a signed session.stopped, then session.billed, after a charge on a 1.6 charger', async () => {
    const created = await t.call<{ data: WebhookWithSecret }>('POST', '/api/portal/Webhooks', {
      token: await t.login('admin@voltline.local'),
      body: { url: receiver.url, eventTypes: ['session.stopped', 'session.billed'] },
    });
    expect(created.status).toBe(200);
    receiver.secret = created.body.data.secret;

    const db = t.database.db;
    const ops = await db.select().from(operators);
    const istanbul = ops.find((o) => o.name === 'Voltline İstanbul')!.id;
    const ankara = ops.find((o) => o.name === 'Voltline Ankara')!.id;
    const cp = await registerChargePoint(t, 'WH-16', PW);
    const [tariff] = await db
      .insert(tariffs)
      .values({
        operatorId: istanbul,
        name: 'WH tariff',
        type: 'AC',
        paymentType: 'Postpaid',
        pricePerKwh: 1_000,
      })
      .returning();
    await db
      .update(connectors)
      .set({ tariffId: tariff!.id, maximumPower: null })
      .where(eq(connectors.chargePointId, cp.id));
    const [driver] = await db
      .insert(drivers)
      .values({ name: 'Hook', surname: 'Driver', operatorId: ankara })
      .returning();
    await db
      .insert(rfidCards)
      .values({ driverId: driver!.id, number: 'WH-CARD-1', expiresAt: new Date(Date.now() + 86_400_000) })
      .onConflictDoNothing();

    const start = Date.now() - 3_600_000;
    const charger = await connectClient(url, 'WH-16', PW, 'ocpp1.6');
    await charger.call('BootNotification', boot);
    const started = (await charger.call('StartTransaction', {
      connectorId: 1,
      idTag: 'WH-CARD-1',
      meterStart: 1_000,
      timestamp: new Date(start).toISOString(),
    })) as { transactionId: number };
    await charger.call('StopTransaction', {
      transactionId: started.transactionId,
      meterStop: 6_000,
      timestamp: new Date(start + 40 * 60_000).toISOString(),
      reason: 'Local',
    });
    await charger.close({ force: true });

    await waitFor(() => receiver.received.some((r) => r.event.type === 'session.billed'));
    const stopped = receiver.received.find((r) => r.event.type === 'session.stopped')!;
    expect(stopped.verified).toBe(true);
    expect(stopped.headers['voltline-event-type']).toBe('session.stopped');
    expect(stopped.event.data).toMatchObject({
      chargePointId: 'WH-16',
      connectorId: 1,
      transactionId: String(started.transactionId),
      idTag: 'WH-CARD-1',
      energyWh: 5_000,
      stopReason: 'Local',
    });
    // Only what the endpoint asked for, the stop before its bill.
    expect(receiver.received.map((r) => r.event.type)).toEqual(['session.stopped', 'session.billed']);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
  });
});
