import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { describeTariff, componentsFromLegacy } from '@voltline/contract';
import { startCharger, type SimCharger } from '@voltline/simulator';
import {
  adhocPayments,
  chargePoints,
  chargingSessions,
  connectors,
  operators,
  tariffs,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { listen, registerChargePoint, until } from '../../../test/ocpp-helper.js';
import { COSTMSG_VENDOR } from './california-pricing.js';

// The OCA note "OCPP & California Pricing Requirements" on OCPP 1.6: a charger that declares
// CustomDisplayCostAndPrice hears the driver's price (SetUserPrice), the running cost
// (RunningCost) and the billed cost (FinalCost) as DataTransfers; any other charger hears none.
// The words are for a display: money by its code (no ₺ a display's font may lack), the VAT said;
// the bill of an ad-hoc payment carries the payment's page, where its receipt is, as a QR code.

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
    const [istanbul] = await t.database.db
      .select()
      .from(operators)
      .where(eq(operators.name, 'Voltline İstanbul'));
    const vat = { vatRate: istanbul!.vatRate, pricesIncludeVat: istanbul!.pricesIncludeVat };
    expect(vat).toEqual({ vatRate: 2000, pricesIncludeVat: true });
    const words = describeTariff(
      componentsFromLegacy({ ...PRICE, paymentType: 'Postpaid' }),
      'TRY',
      'en',
      vat,
      'code',
    );
    expect(price?.data).toEqual({ idToken: 'DEMO0001', priceText: words.join(', ') });
    expect(price?.data.priceText).toBe(
      'TRY 10.00 per kWh (incl. 20% VAT, TRY 8.3333 excl. VAT), TRY 5.00 per session (incl. 20% VAT, TRY 4.1667 excl. VAT)',
    );
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
    expect(final.data.priceText).toBe(`Total cost: TRY ${(session.cost! / 100).toFixed(2)}, incl. 20% VAT.`);
    // A driver with an account has no public receipt page: no QR code.
    expect(final.data).not.toHaveProperty('qrCodeText');
    expect(final.data.cost).toBeGreaterThanOrEqual(running.cost as number);
    // Each text a display shows is printable ASCII in English.
    for (const text of [price?.data.priceText, final.data.priceText]) expect(text).toMatch(/^[\x20-\x7e]+$/);
  });

  it("an ad-hoc payment's bill carries its payment page, where the receipt is, as the QR code", async () => {
    const sim = await charger('CAL16-4', true);
    await t.database.db
      .update(operators)
      .set({ adhocHoldAmount: 20000 })
      .where(eq(operators.name, 'Voltline İstanbul'));
    // A stranger pays at connector 1 by the sandbox's test card; the charger is started remotely.
    const form = (path: string, fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: path,
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      });
    await until(async () => {
      const rows = await t.database.db
        .select()
        .from(connectors)
        .innerJoin(chargePoints, eq(chargePoints.id, connectors.chargePointId))
        .where(eq(chargePoints.chargePointId, 'CAL16-4'));
      return rows.some((r) => r.connectors.connectorId === 1 && r.connectors.status === 'Available');
    });
    const begun = await form(`/pay/${encodeURIComponent('CAL16-4*1')}`, {});
    expect(begun.statusCode).toBe(303);
    const cardPage = new URL(begun.headers.location as string).pathname;
    await form(cardPage, { number: '4242424242424242', expiry: '12/39', cvc: '123' });
    const [payment] = await t.database.db
      .select()
      .from(adhocPayments)
      .where(eq(adhocPayments.providerRef, cardPage.split('/').pop()!));
    const session = await until(async () => {
      const [s] = await t.database.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.idTag, payment!.token));
      return s;
    }, 20_000);
    await until(() => Promise.resolve(sim.costMessages.some((m) => m.messageId === 'RunningCost')), 20_000);
    sim.stopSession(1);
    const final = await until(
      () => Promise.resolve(sim.costMessages.find((m) => m.messageId === 'FinalCost')),
      20_000,
    );
    expect(final.data).toMatchObject({
      transactionId: session.id,
      qrCodeText: `http://voltline.test/pay/s/${payment!.reference}`,
    });
    expect(final.data.priceText).toMatch(/^Total cost: TRY \d+\.\d{2}, incl\. 20% VAT\.$/);
    // The page the code leads to is the payment's, which offers its receipt once captured.
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(final.data.qrCodeText as string).pathname,
    });
    expect(page.statusCode).toBe(200);
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
