import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Session, TariffComponentsInput } from '@voltline/contract';
import { chargingSessions } from '../../db/schema/index.js';
import { receiptFigures } from './figures.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, registerChargePoint, until, type Client } from '../../../test/ocpp-helper.js';
import { usageSamples } from '../sessions/usage.repository.js';

// A session is priced by what its meter and its connector said while it ran: energy when it was
// drawn, time components while the car charged, parking after it stopped drawing (the connector's
// SuspendedEV or Finishing), whatever protocol told it.

let t: TestApp;
let admin: string;
let charger: Client;
const PW = 'usage-billing-secret-1';
const MIN = 60_000;

/** 10.00 a kWh, 6.00 an hour of charging, 12.00 an hour of parking after 10 minutes' grace. */
const components: TariffComponentsInput = {
  elements: [
    {
      priceComponents: [
        { type: 'ENERGY', price: 1_000 },
        { type: 'TIME', price: 600 },
        { type: 'PARKING_TIME', price: 1_200, graceMinutes: 10 },
      ],
    },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  const url = await listen(t);
  admin = await t.login('admin@voltline.local');
  const ops = (
    await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token: admin,
    })
  ).body.data;
  const operatorId = ops.find((o) => o.name === 'Voltline İstanbul')!.id;
  await registerChargePoint(t, 'USE-1', PW);
  const tariff = await t.call<{ data: { id: number } }>('POST', '/api/portal/tariff', {
    token: admin,
    body: {
      name: 'Energy, time and parking',
      operatorId,
      type: 'AC',
      paymentType: 'Postpaid',
      pricePerKwh: 1_000,
      limitKwh: null,
      overLimitPricePerKwh: null,
      fixedPrice: 0,
      components,
    },
  });
  expect(tariff.status).toBe(200);
  const conns = (
    await t.call<{ data: { id: number }[] }>('GET', '/api/portal/connector?chargePointId=USE-1', {
      token: admin,
    })
  ).body.data;
  for (const c of conns) {
    const put = await t.call('PUT', '/api/portal/connector', {
      token: admin,
      body: { id: c.id, tariffId: tariff.body.data.id },
    });
    expect(put.status).toBe(200);
  }
  charger = await connectClient(url, 'USE-1', PW);
});
afterAll(async () => {
  await charger.close({ force: true });
  await t.close();
});

const at = (t0: number, minutes: number) => new Date(t0 + minutes * MIN).toISOString();

/** A meter sample of the energy register (Wh) and the power (kW) on connector 1. */
const sample = (transactionId: number, when: string, wh: number, kw: number) =>
  charger.call('MeterValues', {
    connectorId: 1,
    transactionId,
    meterValue: [
      {
        timestamp: when,
        sampledValue: [
          { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
          { value: String(kw), measurand: 'Power.Active.Import', unit: 'kW' },
        ],
      },
    ],
  });

const status = (status: string, when: string) =>
  charger.call('StatusNotification', { connectorId: 1, status, errorCode: 'NoError', timestamp: when });

const rowOf = async (id: number) =>
  (await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.id, id)))[0]!;

/** An hour's session on connector 1: 12 kWh in its first half hour, then what `middle` says. */
async function hourSession(middle: (id: number, t0: number) => Promise<void>) {
  const t0 = Date.now() - 60 * MIN;
  await status('Charging', at(t0, 0));
  const { transactionId: id } = (await charger.call('StartTransaction', {
    connectorId: 1,
    idTag: 'DEMO0001',
    meterStart: 100_000,
    timestamp: at(t0, 0),
  })) as { transactionId: number };
  await sample(id, at(t0, 10), 105_000, 30);
  await sample(id, at(t0, 20), 110_000, 30);
  await sample(id, at(t0, 30), 112_000, 12);
  await middle(id, t0);
  await charger.call('StopTransaction', {
    transactionId: id,
    meterStop: 112_000,
    timestamp: at(t0, 60),
    reason: 'Local',
  });
  await status('Available', at(t0, 60));
  const s = await until(async () => {
    const row = await rowOf(id);
    return row.state === 'completed' && row.cost !== null ? row : null;
  });
  return { id, t0, s };
}

describe('a session priced by its meter and its charging end', () => {
  it('bills parking after the car stopped drawing (past the grace), and time while it charged only; the receipt says so', async () => {
    const { id, t0, s } = await hourSession(async (txId, start) => {
      await status('SuspendedEV', at(start, 30));
      // The charging end is known while the session runs (its running cost counts parking).
      await until(async () => (await rowOf(txId)).chargingEndedAt?.toISOString() === at(start, 30));
    });
    expect(s.chargingEndedAt?.toISOString()).toBe(at(t0, 30));
    // 12 kWh × 10.00 + ½ h charging × 6.00 + (30 − 10) min parking × 12.00 an hour = 120 + 3 + 4.
    expect(s.energyWh).toBe(12_000);
    expect(s.cost).toBe(12_700);
    const api = (await t.call<{ data: Session }>('GET', `/api/portal/Transaction/${id}`, { token: admin }))
      .body.data;
    expect(api.cost).toBe(12_700);
    expect(api.chargingEndedAt).toBe(at(t0, 30));
    const f = receiptFigures(api, 2000, {
      samples: await usageSamples(t.database.db, s),
      chargingEndedAt: s.chargingEndedAt,
    })!;
    expect(f.gross).toBe(12_700);
    expect(f.lines.map((l) => [l.type, l.quantity, l.gross])).toEqual([
      ['ENERGY', 12_000, 12_000],
      ['TIME', 30 * 60, 300],
      ['PARKING_TIME', 20 * 60, 400],
    ]);
    // The receipt a user downloads is priced the same way.
    const pdf = await t.call('GET', `/api/portal/Transaction/${id}/receipt`, { token: admin });
    expect(pdf.status).toBe(200);
  });

  it('a car that charges again after a pause pays no parking for the pause', async () => {
    const { s } = await hourSession(async (txId, start) => {
      await status('SuspendedEV', at(start, 30));
      await until(async () => (await rowOf(txId)).chargingEndedAt !== null);
      await status('Charging', at(start, 45));
      await until(async () => (await rowOf(txId)).chargingEndedAt === null);
    });
    expect(s.chargingEndedAt).toBeNull();
    // 12 kWh × 10.00 + 1 h charging × 6.00: the pause is charging time, as the charger said.
    expect(s.cost).toBe(12_600);
  });

  it('a report from before the session, or of another connector, tells nothing of its charging end', async () => {
    const { s, t0 } = await hourSession(async (txId, start) => {
      await status('SuspendedEV', at(start, -5));
      await charger.call('StatusNotification', {
        connectorId: 2,
        status: 'SuspendedEV',
        errorCode: 'NoError',
        timestamp: at(start, 20),
      });
      await status('Finishing', at(start, 50));
      await until(async () => (await rowOf(txId)).chargingEndedAt !== null);
    });
    expect(s.chargingEndedAt?.toISOString()).toBe(at(t0, 50));
    // Finishing at 50 min: charging 50 min (5.00), parking within the grace (nothing).
    expect(s.cost).toBe(12_500);
  });
});
