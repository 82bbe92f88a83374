import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startCharger201, type SimCharger201 } from '@voltline/simulator';
import {
  chargePoints,
  chargingSessions,
  connectors,
  deviceVariables,
  operators,
  tariffs,
} from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { listen, registerChargePoint, until } from '../../../test/ocpp-helper.js';
import { TariffCost } from './tariff-cost.js';

// I02/I03: a 2.0.1 station that shows costs hears the running cost of its transaction (CostUpdated)
// and the final one in the answer to its last event, and an accepted card hears the price.

let t: TestApp;
let sim: SimCharger201;
const PW = 'charger-secret-0201i';
const costCalls: Array<{ totalCost: number; transactionId: string }> = [];

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '3' });
  const url = await listen(t);
  const db = t.database.db;
  await registerChargePoint(t, 'I02-1', PW);
  sim = await startCharger201({
    url,
    id: 'I02-1',
    password: PW,
    speed: 60,
    config: { MeterValueSampleInterval: '10' },
  });
  sim.on('call', ({ action, payload }) => {
    if (action === 'CostUpdated') costCalls.push(payload as (typeof costCalls)[number]);
  });
  const [cp] = await db.select().from(chargePoints).where(eq(chargePoints.chargePointId, 'I02-1'));
  // The station's device model (TariffCostCtrlr) is stored, and its connector is known.
  await until(async () => {
    const rows = await db
      .select()
      .from(deviceVariables)
      .where(
        and(eq(deviceVariables.chargePointId, cp!.id), eq(deviceVariables.componentName, 'TariffCostCtrlr')),
      );
    return rows.length >= 2;
  });
  await until(
    async () => (await db.select().from(connectors).where(eq(connectors.chargePointId, cp!.id)))[0],
  );
  const [istanbul] = await db.select().from(operators).where(eq(operators.name, 'Voltline İstanbul'));
  const [tariff] = await db
    .insert(tariffs)
    .values({
      operatorId: istanbul!.id,
      name: 'I02 tariff',
      type: 'AC',
      paymentType: 'Postpaid',
      pricePerKwh: 1000,
      fixedPrice: 500,
    })
    .returning();
  await db.update(connectors).set({ tariffId: tariff!.id }).where(eq(connectors.chargePointId, cp!.id));
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

describe('I02/I03 tariff and cost on OCPP 2.0.1', () => {
  it('I03 an accepted card hears the charger’s price in the driver’s language at authorization', async () => {
    const res = await sim.send('Authorize', { idToken: { idToken: 'DEMO0002', type: 'ISO14443' } });
    expect(res.idTokenInfo.status).toBe('Accepted');
    expect(res.idTokenInfo.personalMessage).toMatchObject({ format: 'UTF8', language: 'en' });
    expect(res.idTokenInfo.personalMessage?.content).toContain(
      'Price: ₺10.00 per kWh, plus ₺5.00 per session.',
    );
  });

  it('I02 the running cost reaches the station as the energy grows, then I03 the final cost in the last answer', async () => {
    const start = await sim.startSession(1, 'DEMO0002', {
      vehicle: { capacityWh: 60_000, soc: 20, targetSoc: 100, maxPowerW: 11_000 },
    });
    expect(start.status).toBe('Accepted');
    const running = await until(() => Promise.resolve(costCalls[0]), 20_000);
    expect(running.transactionId).toBe(start.transactionId);
    // The fixed price plus the energy so far, in lira (the tariff's main unit).
    expect(running.totalCost).toBeGreaterThanOrEqual(5);
    sim.stopSession(1);
    const session = await until(async () => {
      const [s] = await t.database.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.chargerTransactionId, start.transactionId!));
      return s?.state === 'completed' && s;
    });
    const final = await until(() =>
      Promise.resolve(sim.lastCost?.totalCost === session.cost! / 100 && sim.lastCost),
    );
    expect(final.transactionId).toBe(start.transactionId);
    expect(final.totalCost).toBeGreaterThanOrEqual(running.totalCost);
  });

  it('I02 cadence: a changed cost at most once a minute, an unchanged one never again', async () => {
    const clock = manualClock('2026-01-01T00:00:00Z');
    const sent: number[] = [];
    const costs = new TariffCost({
      db: t.database.db,
      clock,
      send: (_id, p) => Promise.resolve(sent.push(p.totalCost)),
      enabled: () => Promise.resolve(true),
    });
    const cp = { id: 1, chargePointId: 'X' };
    expect(await costs.running(cp, 'tx', { amount: 0, currency: 'TRY' })).toBe(false);
    expect(await costs.running(cp, 'tx', { amount: 150, currency: 'TRY' })).toBe(true);
    clock.advance(30_000);
    expect(await costs.running(cp, 'tx', { amount: 250, currency: 'TRY' })).toBe(false);
    clock.advance(31_000);
    expect(await costs.running(cp, 'tx', { amount: 150, currency: 'TRY' })).toBe(false);
    expect(await costs.running(cp, 'tx', { amount: 300, currency: 'TRY' })).toBe(true);
    expect(sent).toEqual([1.5, 3]);
  });

  it('I02/I03 a station whose TariffCostCtrlr is not enabled hears neither costs nor prices', async () => {
    const sent: number[] = [];
    const costs = new TariffCost({
      db: t.database.db,
      clock: manualClock(),
      send: (_id, p) => Promise.resolve(sent.push(p.totalCost)),
      enabled: () => Promise.resolve(false),
    });
    const cp = { id: 1, chargePointId: 'X' };
    expect(await costs.running(cp, 'tx', { amount: 150, currency: 'TRY' })).toBe(false);
    expect(sent).toEqual([]);
    const info = { status: 'Accepted' as const };
    expect(await costs.withPrice(cp, info, 'tr')).toEqual(info);
  });
});
