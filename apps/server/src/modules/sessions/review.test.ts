import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  auditLogs,
  balanceEntries,
  connectors,
  drivers,
  payments,
  rfidCards,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, registerChargePoint, type Client } from '../../../test/ocpp-helper.js';
import { impossibleReadings } from './review.js';

// A probe sent a Stop with meterStop 9,007,199,254,740,991 and a prepaid driver was charged
// 9.0 × 10¹⁵; a meterStop of 10¹² billed 999,999,999,000; negative meters and a stop before the
// start were billed too. Impossible readings are now stored as sent and held for review.

let t: TestApp;
let admin: string;
let finance: string;
let charger: Client;
const PW = 'review-charger-secret-1';

type SessionOut = {
  id: number;
  state: string;
  reviewReasons: string[];
  energyWh: number;
  meterStop: number | null;
  cost: number | null;
};

beforeAll(async () => {
  t = await createTestApp();
  const url = await listen(t);
  admin = await t.login('admin@voltline.local');
  finance = await t.login('finance@voltline.local');
  const cp = await registerChargePoint(t, 'REVIEW-1', PW);
  // Connector 1 delivers at most 22 kW; connector 2 declares no power.
  await t.database.db
    .update(connectors)
    .set({ maximumPower: 22_000 })
    .where(and(eq(connectors.chargePointId, cp.id), eq(connectors.connectorId, 1)));
  const tariff = await t.call<{ data: { id: number } }>('POST', '/api/portal/tariff', {
    token: admin,
    body: {
      name: 'Review DC',
      operatorId: cp.operatorId,
      type: 'DC',
      paymentType: 'Prepaid',
      pricePerKwh: 2000,
    },
  });
  const rows = await t.database.db.select().from(connectors).where(eq(connectors.chargePointId, cp.id));
  for (const c of rows) {
    await t.call('PUT', '/api/portal/connector', {
      token: admin,
      body: { id: c.id, tariffId: tariff.body.data.id },
    });
  }
  charger = await connectClient(url, 'REVIEW-1', PW);
});
afterAll(async () => {
  await charger.close({ force: true });
  await t.close();
});

const hour = 3600_000;
const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

async function run(opts: {
  connectorId?: number;
  meterStart: number;
  meterStop: number;
  startAgo: number;
  stopAgo: number;
}) {
  const { transactionId } = (await charger.call('StartTransaction', {
    connectorId: opts.connectorId ?? 1,
    idTag: 'DEMO0002',
    meterStart: opts.meterStart,
    timestamp: at(opts.startAgo),
  })) as { transactionId: number };
  await charger.call('StopTransaction', {
    transactionId,
    meterStop: opts.meterStop,
    timestamp: at(opts.stopAgo),
    reason: 'Local',
  });
  return transactionId;
}

const session = async (id: number) =>
  (await t.call<{ data: SessionOut }>('GET', `/api/portal/Transaction/${id}`, { token: admin })).body.data;
const balance = async () => {
  const [row] = await t.database.db
    .select({ balance: drivers.balance })
    .from(drivers)
    .innerJoin(rfidCards, eq(rfidCards.driverId, drivers.id))
    .where(eq(rfidCards.number, 'DEMO0002'));
  return row!.balance;
};
const paymentsOf = (id: number) => t.database.db.select().from(payments).where(eq(payments.sessionId, id));
const review = (id: number, body: unknown, token = admin) =>
  t.call<{ data: SessionOut; message: string; code?: string; error?: string; details?: { field: string }[] }>(
    'POST',
    `/api/portal/Transaction/${id}/review`,
    { token, body },
  );

describe('impossible readings', () => {
  it('holds a Stop of 2⁵³ − 1 Wh unbilled: the prepaid balance is untouched, and it cannot be released', async () => {
    const before = await balance();
    const id = await run({ meterStart: 0, meterStop: 9_007_199_254_740_991, startAgo: hour, stopAgo: 0 });
    const held = await session(id);
    expect(held).toMatchObject({ state: 'review', meterStop: 9_007_199_254_740_991, cost: null });
    expect(held.reviewReasons).toEqual(['energyBeyondPower', 'costOutOfRange']);
    expect(await balance()).toBe(before);
    expect(await paymentsOf(id)).toEqual([]);

    // 9 × 10¹⁵ Wh at 20.00 a kWh is beyond exact integers: staff must correct it, not release it.
    const release = await review(id, { action: 'release', note: 'Checked with the site' });
    expect(release.status).toBe(409);
    expect(release.body.code).toBe('session.costOutOfRange');
    expect((await session(id)).state).toBe('review');
    expect(await balance()).toBe(before);
  });

  it('holds a Stop of 10¹² Wh; staff correct it and the driver pays exactly the corrected energy, once', async () => {
    const before = await balance();
    const id = await run({ meterStart: 1_000, meterStop: 1_000_000_000_000, startAgo: hour, stopAgo: 0 });
    expect(await session(id)).toMatchObject({ state: 'review', reviewReasons: ['energyBeyondPower'] });

    const forbidden = await review(
      id,
      { action: 'correct', note: 'Meter misread', meterStart: 1_000, meterStop: 6_000 },
      finance,
    );
    expect(forbidden.status).toBe(403);
    const backwards = await review(id, {
      action: 'correct',
      note: 'Meter misread',
      meterStart: 6_000,
      meterStop: 1_000,
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details?.map((d) => d.field)).toEqual(['body.meterStop']);

    // Staff's figures get the same check: 10 MWh in an hour on a 22 kW connector is a typo.
    const typo = await review(id, {
      action: 'correct',
      note: 'Meter misread',
      meterStart: 1_000,
      meterStop: 10_001_000,
    });
    expect(typo.status).toBe(400);
    expect(typo.body.details?.map((d) => d.field)).toEqual(['body.meterStop']);
    expect(await balance()).toBe(before);

    const corrected = await review(id, {
      action: 'correct',
      note: 'Meter misread; 5 kWh confirmed by the site',
      meterStart: 1_000,
      meterStop: 6_000,
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.message).toBe('Readings corrected; the session is billed by them.');
    // 5 kWh × 20.00
    expect(corrected.body.data).toMatchObject({
      reviewNote: 'Meter misread; 5 kWh confirmed by the site',
      state: 'completed',
      energyWh: 5_000,
      cost: 10_000,
      reviewReasons: [],
    });
    expect(await balance()).toBe(before - 10_000);
    expect(await paymentsOf(id)).toMatchObject([{ amount: 10_000 }]);

    // Settled once: a second review is refused and changes nothing.
    const again = await review(id, { action: 'release', note: 'Twice by mistake' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('session.notHeld');
    expect(await balance()).toBe(before - 10_000);

    const lines = await t.database.db
      .select({ action: auditLogs.action, userId: auditLogs.userId, summary: auditLogs.summary })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'session'), eq(auditLogs.entityId, String(id))))
      .orderBy(auditLogs.id);
    expect(lines.map((l) => [l.action, l.userId === null])).toEqual([
      ['holdForReview', true],
      ['correctReview', false],
    ]);
    expect(lines[1]?.summary).toMatchObject({
      before: { meterStop: 1_000_000_000_000, cost: null },
      after: { meterStop: 6_000, energyWh: 5_000, cost: 10_000 },
    });
  });

  it('holds a negative meter, a meter that went back and a stop before the start; a release bills as sent', async () => {
    const negative = await run({ meterStart: -500, meterStop: 1_500, startAgo: hour, stopAgo: 0 });
    expect((await session(negative)).reviewReasons).toEqual(['negativeMeter']);
    const back = await run({
      connectorId: 2,
      meterStart: 9_000,
      meterStop: 4_000,
      startAgo: hour,
      stopAgo: 0,
    });
    expect((await session(back)).reviewReasons).toEqual(['meterWentBack']);
    // A stop an hour before a start sent as it happened is the charger's clock: judged by the
    // time Voltline saw the session, next to nothing, 2 kWh is beyond the connector too.
    const reversed = await run({ meterStart: 0, meterStop: 2_000, startAgo: 0, stopAgo: hour });
    expect((await session(reversed)).reviewReasons).toEqual([
      'negativeDuration',
      'energyBeyondPower',
      'chargerClock',
    ]);

    const before = await balance();
    const released = await review(negative, { action: 'release', note: 'Meter offset known for this unit' });
    expect(released.status).toBe(200);
    expect(released.body.message).toBe(
      'Session released and billed with the readings as the charger sent them.',
    );
    // 2 kWh (from −500 to 1,500) × 20.00
    expect(released.body.data).toMatchObject({ state: 'completed', energyWh: 2_000, cost: 4_000 });
    expect(await balance()).toBe(before - 4_000);
    const [entry] = await t.database.db
      .select()
      .from(balanceEntries)
      .where(eq(balanceEntries.reference, `session:${negative}`));
    expect(entry?.amount).toBe(-4_000);
  });

  it('lists held sessions under their own state, and leaves their energy out of the totals', async () => {
    const page = await t.call<{
      data: { items: SessionOut[]; totals: { sessions: number; energyWh: number } };
    }>('POST', '/api/portal/Transaction/GetTransactionsDynamic?index=0&size=50', {
      token: admin,
      body: { chargePointId: 'REVIEW-1', state: 'review' },
    });
    expect(page.body.data.items.map((s) => s.state)).toEqual(['review', 'review', 'review']);
    expect(page.body.data.items.every((s) => s.reviewReasons.length > 0)).toBe(true);
    expect(page.body.data.totals).toMatchObject({ sessions: 3, energyWh: 0 });
    const all = await t.call<{ data: { totals: { sessions: number; energyWh: number } } }>(
      'POST',
      '/api/portal/Transaction/GetTransactionsDynamic?index=0&size=1',
      { token: admin, body: { chargePointId: 'REVIEW-1' } },
    );
    // The corrected 5 kWh and the released 2 kWh; none of the held readings' 10¹⁵ Wh.
    expect(all.body.data.totals).toMatchObject({ sessions: 5, energyWh: 7_000 });
  });

  it('refuses a meter figure no meter can hold exactly, with PropertyConstraintViolation', async () => {
    const { transactionId } = (await charger.call('StartTransaction', {
      connectorId: 2,
      idTag: 'DEMO0001',
      meterStart: 0,
      timestamp: at(hour),
    })) as { transactionId: number };
    await expect(
      charger.call('StopTransaction', { transactionId, meterStop: 1e20, timestamp: at(0) }),
    ).rejects.toMatchObject({ rpcErrorCode: 'PropertyConstraintViolation' });
    await expect(
      charger.call('StopTransaction', { transactionId: 2 ** 31, meterStop: 10, timestamp: at(0) }),
    ).rejects.toMatchObject({ rpcErrorCode: 'PropertyConstraintViolation' });
    await expect(
      charger.call('MeterValues', {
        connectorId: 2,
        transactionId,
        meterValue: [{ timestamp: '9999-01-01T00:00:00Z', sampledValue: [{ value: '10' }] }],
      }),
    ).rejects.toMatchObject({ rpcErrorCode: 'PropertyConstraintViolation' });
    // The session still runs and stops normally.
    await charger.call('StopTransaction', { transactionId, meterStop: 3_000, timestamp: at(0) });
    expect(await session(transactionId)).toMatchObject({ state: 'completed', energyWh: 3_000 });
  });
});

describe('what is possible for a connector', () => {
  const base = { meterStart: 0, startedAt: new Date(0), stoppedAt: new Date(3600_000), tariffSnapshot: null };
  it('allows its power over the time with a margin, and 1 MW for a connector that declares none', () => {
    // 22 kW for an hour, 10 % and 1 kWh over: 25.2 kWh.
    expect(impossibleReadings({ ...base, meterStop: 25_200 }, 22_000)).toEqual([]);
    expect(impossibleReadings({ ...base, meterStop: 25_201 }, 22_000)).toEqual(['energyBeyondPower']);
    expect(impossibleReadings({ ...base, meterStop: 1_000_000 }, null)).toEqual([]);
    expect(impossibleReadings({ ...base, meterStop: 1_200_000 }, null)).toEqual(['energyBeyondPower']);
  });
});
