import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { describeTariff, componentsFromLegacy } from '@voltline/contract';
import { startCharger, type SimCharger } from '@voltline/simulator';
import { chargePoints, chargingSessions, connectors, operators, tariffs } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { listen, registerChargePoint, until } from '../../../test/ocpp-helper.js';
import { COSTMSG_VENDOR } from './california-pricing.js';

// The OCA note "OCPP & California Pricing Requirements" on OCPP 1.6: a charger that declares
// CustomDisplayCostAndPrice hears the driver's price (SetUserPrice), the running cost
// (RunningCost) and the billed cost (FinalCost) as DataTransfers; any other charger hears none.

let t: TestApp;
let url: string;
const PW = 'charger-secret-16cal';
const sims: SimCharger[] = [];
/** The cost DataTransfers each charger received, whatever it answered. */
const received = new Map<string, { messageId?: string; data?: string }[]>();
const PRICE = { pricePerKwh: 1000, fixedPrice: 500, limitKwh: null, overLimitPricePerKwh: null };

async function charger(id: string, declares: boolean) {
  const cp = await registerChargePoint(t, id, PW);
  const [istanbul] = await t.database.db
    .select()
    .from(operators)
    .where(eq(operators.name, 'Voltline İstanbul'));
  const [tariff] = await t.database.db
    .insert(tariffs)
    .values({ operatorId: istanbul!.id, name: `${id} tariff`, type: 'AC', paymentType: 'Postpaid', ...PRICE })
    .returning();
  await t.database.db
    .update(connectors)
    .set({ tariffId: tariff!.id })
    .where(eq(connectors.chargePointId, cp.id));
  const calls: { messageId?: string; data?: string }[] = [];
  received.set(id, calls);
  const sim = await startCharger({
    url,
    id,
    password: PW,
    speed: 60,
    config: { MeterValueSampleInterval: '10', ...(declares ? { CustomDisplayCostAndPrice: 'true' } : {}) },
  });
  sim.on('call', ({ action, payload }) => {
    const p = payload as { vendorId?: string; messageId?: string; data?: string };
    if (action === 'DataTransfer' && p.vendorId === COSTMSG_VENDOR) calls.push(p);
  });
  sims.push(sim);
  await until(async () => {
    const [row] = await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, id));
    return row?.connected === true;
  });
  return sim;
}

/** Charges on connector 1 until a running cost arrives (or a while), stops, and waits for the bill. */
async function chargeAndStop(sim: SimCharger, idTag: string, wait: () => Promise<unknown>) {
  const start = await sim.startSession(1, idTag);
  expect(start.status).toBe('Accepted');
  await wait();
  sim.stopSession(1);
  return until(async () => {
    const [s] = await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, start.transactionId!));
    return s?.state === 'completed' && s;
  }, 20_000);
}

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '3' });
  url = await listen(t);
});
afterAll(async () => {
  await Promise.all(sims.map((s) => s.close()));
  await t.close();
});

describe('California Pricing on OCPP 1.6 (DataTransfer org.openchargealliance.costmsg)', () => {
  it('a declaring charger hears the price after its card is accepted, the running cost, then the billed cost', async () => {
    const sim = await charger('CAL16-1', true);
    const session = await chargeAndStop(sim, 'DEMO0001', () =>
      until(() => Promise.resolve(sim.costMessages.some((m) => m.messageId === 'RunningCost')), 20_000),
    );
    const final = await until(() =>
      Promise.resolve(sim.costMessages.find((m) => m.messageId === 'FinalCost')),
    );
    const price = sim.costMessages.find((m) => m.messageId === 'SetUserPrice');
    const words = describeTariff(componentsFromLegacy({ ...PRICE, paymentType: 'Postpaid' }), 'TRY', 'en');
    expect(price?.data).toEqual({ idToken: 'DEMO0001', priceText: words.join(', ') });
    expect(price?.data.priceText).toMatch(/^TRY\s10\.00 per kWh, TRY\s5\.00 per session$/);
    const running = sim.costMessages.find((m) => m.messageId === 'RunningCost')!.data;
    expect(running).toMatchObject({
      transactionId: session.id,
      chargingPrice: { kWhPrice: 10, hourPrice: 0, flatFee: 5 },
    });
    expect(['Charging', 'Idle']).toContain(running.state);
    // The fixed fee at least, in lira (the main unit), and the meter in Wh.
    expect(running.cost).toBeGreaterThanOrEqual(5);
    expect(typeof running.meterValue).toBe('number');
    expect(new Date(running.timestamp as string).getTime()).not.toBeNaN();
    expect(final.data).toMatchObject({ transactionId: session.id, cost: session.cost! / 100 });
    expect(final.data.priceText).toMatch(/^Total cost: ₺/);
    expect(final.data.cost).toBeGreaterThanOrEqual(running.cost as number);
  });

  it('a charger that does not declare CustomDisplayCostAndPrice hears none of them', async () => {
    const sim = await charger('CAL16-2', false);
    const session = await chargeAndStop(sim, 'DEMO0002', () => new Promise((r) => setTimeout(r, 1_500)));
    expect(session.cost).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(received.get('CAL16-2')).toEqual([]);
    expect(sim.costMessages).toEqual([]);
  });

  it('a charger that refuses them charges and is billed as any other', async () => {
    const sim = await charger('CAL16-3', true);
    sim.costMessageAnswer = 'Rejected';
    const session = await chargeAndStop(sim, 'DEMO0003', () =>
      until(
        () => Promise.resolve(received.get('CAL16-3')!.some((m) => m.messageId === 'RunningCost')),
        20_000,
      ),
    );
    await until(() => Promise.resolve(received.get('CAL16-3')!.some((m) => m.messageId === 'FinalCost')));
    expect(received.get('CAL16-3')!.map((m) => m.messageId)).toContain('SetUserPrice');
    expect(sim.costMessages).toEqual([]);
    expect(session.state).toBe('completed');
    expect(session.cost).toBeGreaterThan(0);
  });
});
