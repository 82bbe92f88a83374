import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  auditLogs,
  chargePoints,
  chargingSessions,
  connectors,
  drivers,
  meterValues,
  operators,
  payments,
  rfidCards,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, registerChargePoint, type Client } from '../../../test/ocpp-helper.js';

// A charger's own clock defeated the plausibility check: on a 22 kW connector with a prepaid
// tariff, a Start dated 1971 and a Stop of now with 10 GWh was billed 20 million TRY, as was a
// Start of now with a Stop dated 2199. The energy is now judged by the time Voltline witnessed.

let t: TestApp;
let url: string;
let admin: string;
let tariffId: number;
const PW = 'clock-charger-secret-1';
const HOUR = 3_600_000;
const TEN_GWH = 10_000_000_000;
const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  admin = await t.login('admin@voltline.local');
  const [istanbul] = await t.database.db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.name, 'Voltline İstanbul'));
  const tariff = await t.call<{ data: { id: number } }>('POST', '/api/portal/tariff', {
    token: admin,
    body: {
      name: 'Clock AC',
      operatorId: istanbul!.id,
      type: 'AC',
      paymentType: 'Prepaid',
      pricePerKwh: 500,
    },
  });
  tariffId = tariff.body.data.id;
});
afterAll(() => t.close());

/** A charger with 22 kW connectors on the prepaid tariff, connected. */
async function charger(identity: string, registered?: 'justNow'): Promise<Client> {
  const cp = await registerChargePoint(t, identity, PW);
  await t.database.db
    .update(connectors)
    .set({ maximumPower: 22_000, tariffId })
    .where(eq(connectors.chargePointId, cp.id));
  if (registered === 'justNow') {
    // Registered a moment ago and never connected before: nothing can have been queued offline.
    await t.database.db
      .update(chargePoints)
      .set({ createdAt: new Date(), lastDisconnectedAt: null })
      .where(eq(chargePoints.id, cp.id));
  }
  return connectClient(url, identity, PW);
}

async function session(c: Client, start: string, stop: string, meterStop: number, idTag = 'DEMO0002') {
  const { transactionId } = (await c.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: 0,
    timestamp: start,
  })) as { transactionId: number };
  await c.call('StopTransaction', { transactionId, meterStop, timestamp: stop, reason: 'Local' });
  const [row] = await t.database.db
    .select()
    .from(chargingSessions)
    .where(eq(chargingSessions.id, transactionId));
  return row!;
}

const balance = async () => {
  const [row] = await t.database.db
    .select({ balance: drivers.balance })
    .from(drivers)
    .innerJoin(rfidCards, eq(rfidCards.driverId, drivers.id))
    .where(eq(rfidCards.number, 'DEMO0002'));
  return row!.balance;
};
const paymentsOf = (id: number) => t.database.db.select().from(payments).where(eq(payments.sessionId, id));

describe("a charger's clock", () => {
  it('holds 10 GWh after a Start dated 1971 for review, unbilled, keeping the sent and received times', async () => {
    const c = await charger('CLOCK-1971');
    try {
      const before = await balance();
      const s = await session(c, '1971-01-01T00:00:00Z', new Date().toISOString(), TEN_GWH);
      expect(s).toMatchObject({ state: 'review', cost: null, meterStop: TEN_GWH });
      expect(s.reviewReasons).toEqual(['energyBeyondPower', 'chargerClock']);
      expect(await paymentsOf(s.id)).toEqual([]);
      expect(await balance()).toBe(before);
      // The charger's times as sent, Voltline's beside them.
      expect(s.startedAt.toISOString()).toBe('1971-01-01T00:00:00.000Z');
      expect(Math.abs(s.startReceivedAt!.getTime() - Date.now())).toBeLessThan(HOUR);
      expect(s.stopReceivedAt!.getTime()).toBeGreaterThanOrEqual(s.startReceivedAt!.getTime());
      const [held] = await t.database.db
        .select({ summary: auditLogs.summary })
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, 'session'), eq(auditLogs.entityId, String(s.id))));
      expect(held?.summary).toMatchObject({
        reasons: ['energyBeyondPower', 'chargerClock'],
        startedAt: '1971-01-01T00:00:00.000Z',
        startReceivedAt: s.startReceivedAt!.toISOString(),
        stopReceivedAt: s.stopReceivedAt!.toISOString(),
      });
    } finally {
      await c.close({ force: true });
    }
  });

  it('holds 10 GWh whose Stop is dated 2199 for review, unbilled', async () => {
    const c = await charger('CLOCK-2199');
    try {
      const before = await balance();
      const s = await session(c, new Date().toISOString(), '2199-01-01T00:00:00Z', TEN_GWH);
      expect(s).toMatchObject({ state: 'review', cost: null });
      expect(s.reviewReasons).toEqual(['energyBeyondPower', 'chargerClock']);
      expect(await balance()).toBe(before);
      expect(await paymentsOf(s.id)).toEqual([]);
    } finally {
      await c.close({ force: true });
    }
  });

  it('holds what a charger registered a moment ago bills from 1971 beyond its first minutes', async () => {
    // 20 kWh is possible for 22 kW over the 55 years the charger claims, not over a minute.
    const c = await charger('CLOCK-NEW', 'justNow');
    try {
      const s = await session(c, '1971-01-01T00:00:00Z', '1971-01-01T01:00:00Z', 20_000);
      expect(s).toMatchObject({ state: 'review', cost: null });
      expect(s.reviewReasons).toEqual(['energyBeyondPower', 'chargerClock']);
    } finally {
      await c.close({ force: true });
    }
  });

  it('bills a session a charger replays from its offline queue when it reconnects', async () => {
    // Offline for a month (registerChargePoint): a Start 3 h ago and a Stop 2 h ago, sent now.
    const c = await charger('CLOCK-REPLAY');
    try {
      const before = await balance();
      const s = await session(c, at(3 * HOUR), at(2 * HOUR), 20_000);
      // 20 kWh × 5.00
      expect(s).toMatchObject({ state: 'completed', cost: 10_000, reviewReasons: null });
      expect(await balance()).toBe(before - 10_000);
    } finally {
      await c.close({ force: true });
    }
  });

  it('keeps the charger’s time and the time received of each meter value', async () => {
    const c = await charger('CLOCK-METER');
    try {
      const { transactionId } = (await c.call('StartTransaction', {
        connectorId: 1,
        idTag: 'DEMO0003',
        meterStart: 0,
        timestamp: new Date().toISOString(),
      })) as { transactionId: number };
      await c.call('MeterValues', {
        connectorId: 1,
        transactionId,
        meterValue: [{ timestamp: '1971-01-01T00:10:00Z', sampledValue: [{ value: '500' }] }],
      });
      const [mv] = await t.database.db
        .select()
        .from(meterValues)
        .where(eq(meterValues.sessionId, transactionId));
      expect(mv?.at.toISOString()).toBe('1971-01-01T00:10:00.000Z');
      expect(Math.abs(mv!.receivedAt!.getTime() - Date.now())).toBeLessThan(HOUR);
    } finally {
      await c.close({ force: true });
    }
  });

  it('is flagged on the charge point by how far off it is and when, until it is right again', async () => {
    const c = await charger('CLOCK-FLAG');
    const detail = async () =>
      (
        await t.call<{ data: { clockOffsetMs: number | null; clockOffsetAt: string | null } }>(
          'GET',
          '/api/portal/ChargePoint/CLOCK-FLAG',
          { token: admin },
        )
      ).body.data;
    const status = (timestamp: string) =>
      c.call('StatusNotification', { connectorId: 0, status: 'Available', errorCode: 'NoError', timestamp });
    try {
      await status(new Date().toISOString());
      expect(await detail()).toMatchObject({ clockOffsetMs: null, clockOffsetAt: null });

      await status('2199-01-01T00:00:00Z');
      const ahead = await detail();
      expect(ahead.clockOffsetMs).toBeGreaterThan(100 * 365 * 24 * HOUR);
      expect(Math.abs(Date.parse(ahead.clockOffsetAt!) - Date.now())).toBeLessThan(HOUR);

      // Years behind: before the charger went offline, so no replayed queue either.
      await status('1971-01-01T00:00:00Z');
      expect((await detail()).clockOffsetMs).toBeLessThan(-50 * 365 * 24 * HOUR);

      await status(new Date().toISOString());
      expect(await detail()).toMatchObject({ clockOffsetMs: null, clockOffsetAt: null });
    } finally {
      await c.close({ force: true });
    }
  });
});
