import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import {
  auditLogs,
  balanceEntries,
  chargingSessions,
  drivers,
  payments,
  rfidCards,
} from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { SessionsService } from './sessions.service.js';
import { closeStaleSessions } from './stale.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, registerChargePoint, type Client } from '../../../test/ocpp-helper.js';

let t: TestApp;
let url: string;
let admin: string;
let istanbul: string;
let finance: string;
let callcenter: string;
let ops: { id: number; name: string }[];
let charger: Client;
const PW = 'billing-charger-secret-1';

type Err = { error: string; details?: { field: string; message: string }[] };
type TariffOut = { id: number; name: string; pricePerKwh: number; inUse: boolean; retired: boolean };
type SessionOut = {
  id: number;
  state: string;
  energyWh: number;
  cost: number | null;
  tariff: { pricePerKwh: number } | null;
  driverName: string | null;
};
type PaymentOut = {
  id: number;
  pgTranId: string;
  amount: number;
  refundedAmount: number;
  state: string;
  kind: string;
};

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  finance = await t.login('finance@voltline.local');
  callcenter = await t.login('callcenter@voltline.local');
  ops = (
    await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token: admin,
    })
  ).body.data;
  await registerChargePoint(t, 'BILL-1', PW);
  await registerChargePoint(t, 'BILL-ANK', PW, 'Voltline Ankara');
  charger = await connectClient(url, 'BILL-1', PW);
});
afterAll(async () => {
  await charger.close({ force: true });
  await t.close();
});

const opId = (name: string) => ops.find((o) => o.name === name)?.id ?? 0;
const balanceOf = async (tag: string) => {
  const [row] = await t.database.db
    .select({ id: drivers.id, balance: drivers.balance })
    .from(drivers)
    .innerJoin(rfidCards, eq(rfidCards.driverId, drivers.id))
    .where(eq(rfidCards.number, tag));
  return row!;
};
const connectorsOf = async (cp: string) =>
  (
    await t.call<{ data: { id: number; connectorId: number }[] }>(
      'GET',
      `/api/portal/connector?chargePointId=${cp}`,
      { token: admin },
    )
  ).body.data;

async function runSession(
  connectorId: number,
  idTag: string,
  meterStart: number,
  energyWh: number,
  // An hour ago: the energy of these sessions must be possible for the connector in the time.
  startedAt = new Date(Date.now() - 3600_000),
) {
  const started = (await charger.call('StartTransaction', {
    connectorId,
    idTag,
    meterStart,
    timestamp: startedAt.toISOString(),
  })) as { transactionId: number };
  return {
    id: started.transactionId,
    stop: () =>
      charger.call('StopTransaction', {
        transactionId: started.transactionId,
        meterStop: meterStart + energyWh,
        timestamp: new Date().toISOString(),
        reason: 'Local',
      }),
  };
}

let tariff: TariffOut;

describe('tariffs', () => {
  it('creates tariffs with validation in both languages', async () => {
    const missing = await t.call<Err>('POST', '/api/portal/tariff', {
      token: admin,
      body: {
        name: 'Bad',
        operatorId: opId('Voltline İstanbul'),
        type: 'AC',
        paymentType: 'Prepaid',
        pricePerKwh: 850,
        limitKwh: 20,
      },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([
      {
        field: 'body.overLimitPricePerKwh',
        message: 'A tariff with an energy limit needs an over-limit price.',
      },
    ]);
    const tr = await t.call<Err>('POST', '/api/portal/tariff', {
      token: admin,
      headers: { 'accept-language': 'tr' },
      body: {
        name: 'Bad',
        operatorId: opId('Voltline İstanbul'),
        type: 'AC',
        paymentType: 'Prepaid',
        pricePerKwh: -1,
      },
    });
    expect(tr.body.error).toBe('Bazı alanlar geçerli değil.');

    const created = await t.call<{ data: TariffOut }>('POST', '/api/portal/tariff', {
      token: admin,
      body: {
        name: 'İstanbul AC',
        operatorId: opId('Voltline İstanbul'),
        type: 'AC',
        paymentType: 'Prepaid',
        pricePerKwh: 850,
        limitKwh: 20,
        overLimitPricePerKwh: 1200,
        fixedPrice: 500,
      },
    });
    expect(created.status).toBe(200);
    tariff = created.body.data;
    expect(tariff).toMatchObject({ pricePerKwh: 850, inUse: false, retired: false });
  });

  it('offers a charge point its own operator and parent tariffs only, and checks assignments', async () => {
    const parent = await t.call<{ data: TariffOut }>('POST', '/api/portal/tariff', {
      token: admin,
      body: {
        name: 'Network DC',
        operatorId: opId('Voltline Demo Network'),
        type: 'DC',
        paymentType: 'Postpaid',
        pricePerKwh: 1100,
      },
    });
    const ankara = await t.call<{ data: TariffOut }>('POST', '/api/portal/tariff', {
      token: admin,
      body: {
        name: 'Ankara AC',
        operatorId: opId('Voltline Ankara'),
        type: 'AC',
        paymentType: 'Postpaid',
        pricePerKwh: 700,
      },
    });
    const available = await t.call<{ data: TariffOut[] }>(
      'GET',
      '/api/portal/tariff/GetChargePointAvailableTariffs/BILL-1',
      { token: admin },
    );
    expect(available.body.data.map((x) => x.name).sort()).toEqual(['Network DC', 'İstanbul AC']);
    const [c1, c2] = await connectorsOf('BILL-1');
    const wrong = await t.call<Err>('PUT', '/api/portal/connector', {
      token: admin,
      body: { id: c1!.id, tariffId: ankara.body.data.id },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('That tariff is not available for this charge point.');
    expect(
      (
        await t.call('PUT', '/api/portal/connector', {
          token: admin,
          body: { id: c1!.id, tariffId: tariff.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.call('PUT', '/api/portal/connector', {
          token: admin,
          body: { id: c2!.id, tariffId: parent.body.data.id },
        })
      ).status,
    ).toBe(200);
    // A branch sees its own tariffs, not a sibling's.
    const mine = await t.call<{ data: TariffOut[] }>('GET', '/api/portal/tariff', { token: istanbul });
    expect(mine.body.data.map((x) => x.name)).toEqual(['İstanbul AC']);
    expect(
      (await t.call('GET', `/api/portal/tariff/${ankara.body.data.id}`, { token: istanbul })).status,
    ).toBe(404);
  });
});

describe('sessions are priced by the tariff in force when they started', () => {
  it('bills a prepaid driver once, at the old price after an edit, whatever the charger resends', async () => {
    const before = await balanceOf('DEMO0001');
    const session = await runSession(1, 'DEMO0001', 100_000, 25_000);
    // Raise the price mid-session: the running session keeps its price.
    expect(
      (
        await t.call('PUT', '/api/portal/tariff', {
          token: admin,
          body: { id: tariff.id, pricePerKwh: 2000 },
        })
      ).status,
    ).toBe(200);
    await session.stop();
    await session.stop();
    // 500 fixed + 20 kWh × 8.50 + 5 kWh × 12.00 = 5.00 + 170.00 + 60.00
    const expected = 500 + 17_000 + 6_000;
    const detail = await t.call<{ data: SessionOut }>('GET', `/api/portal/Transaction/${session.id}`, {
      token: admin,
    });
    expect(detail.body.data).toMatchObject({
      state: 'completed',
      energyWh: 25_000,
      cost: expected,
      tariff: { pricePerKwh: 850 },
    });
    const after = await balanceOf('DEMO0001');
    expect(after.balance).toBe(before.balance - expected);
    const charges = await t.database.db
      .select()
      .from(balanceEntries)
      .where(eq(balanceEntries.reference, `session:${session.id}`));
    expect(charges).toHaveLength(1);
    expect(charges[0]?.amount).toBe(-expected);
  });

  it('charges once under concurrent stops of the same transaction', async () => {
    const before = await balanceOf('DEMO0002');
    const session = await runSession(1, 'DEMO0002', 500_000, 10_000);
    const stop = { transactionId: session.id, meterStop: 510_000, timestamp: new Date().toISOString() };
    const cp = { id: (await connectorsOf('BILL-1'))[0]!.id, chargePointId: 'BILL-1' };
    void cp;
    const ocppCp = await (
      await import('../charge-points/charge-points.repository.js')
    ).findForOcpp(t.database.db, 'BILL-1');
    await Promise.all([1, 2, 3].map(() => t.app.services.sessionsOcpp.stopTransaction(ocppCp!, stop)));
    const cost = 500 + Math.round((10_000 * 2000) / 1000);
    expect((await balanceOf('DEMO0002')).balance).toBe(before.balance - cost);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(balanceEntries)
      .where(eq(balanceEntries.reference, `session:${session.id}`));
    expect(row?.n).toBe(1);
  });

  it('closes a session whose charger never stops it, by the visible rule, and bills it', async () => {
    const session = await runSession(2, 'DEMO0003', 0, 0);
    await charger.call('MeterValues', {
      connectorId: 2,
      transactionId: session.id,
      meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [{ value: '3000' }] }],
    });
    const rule = await t.call<{ data: { hours: number; stopReason: string } }>(
      'GET',
      '/api/portal/Transaction/staleRule',
      { token: admin },
    );
    expect(rule.body.data).toEqual({ hours: 24, stopReason: 'NoStopReceived' });
    // The service on its own, with a clock moved forward instead of a day's wait.
    const clock = manualClock();
    const sessions = new SessionsService({ db: t.database.db, clock, staleHours: 24 });
    clock.advance(23 * 3600_000);
    expect(await sessions.closeStale()).toEqual([]);
    clock.advance(2 * 3600_000);
    expect(await sessions.closeStale()).toEqual([session.id]);
    const detail = await t.call<{ data: SessionOut & { stopReason: string } }>(
      'GET',
      `/api/portal/Transaction/${session.id}`,
      { token: admin },
    );
    // Network DC (postpaid): 3 kWh × 11.00
    expect(detail.body.data).toMatchObject({
      state: 'failed',
      stopReason: 'NoStopReceived',
      energyWh: 3000,
      cost: 3300,
    });
  });

  /** A session of `idTag` on `connectorId` closed by the stale rule at `readingWh` into it. */
  async function staleSession(connectorId: number, idTag: string, readingWh: number) {
    // Started before the day without news that the stale rule waits for.
    const session = await runSession(connectorId, idTag, 0, 0, new Date(Date.now() - 26 * 3600_000));
    await charger.call('MeterValues', {
      connectorId,
      transactionId: session.id,
      meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [{ value: String(readingWh) }] }],
    });
    await t.database.db
      .update(chargingSessions)
      .set({ updatedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(chargingSessions.id, session.id));
    expect(await closeStaleSessions(t.database.db, 24)).toEqual([session.id]);
    return session.id;
  }
  const lateStop = (transactionId: number, meterStop: number) =>
    charger.call('StopTransaction', {
      transactionId,
      meterStop,
      timestamp: new Date().toISOString(),
      reason: 'EVDisconnected',
      transactionData: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [{ value: String(meterStop), context: 'Transaction.End' }],
        },
      ],
    });
  const sessionDetail = async (id: number) =>
    (
      await t.call<{ data: SessionOut & { stopReason: string } }>('GET', `/api/portal/Transaction/${id}`, {
        token: admin,
      })
    ).body.data;
  const paymentOf = async (id: number) =>
    (
      await t.call<{ data: { items: PaymentOut[] } }>(
        'POST',
        '/api/portal/Payment/GetPaymentTransactions?index=0&size=10',
        { token: admin, body: { pgTranId: `VL-SES-${id}` } },
      )
    ).body.data.items.filter((p) => p.pgTranId === `VL-SES-${id}`);

  it("completes a session closed for want of a Stop when the charger's Stop comes later, and bills the rest", async () => {
    const id = await staleSession(2, 'DEMO0003', 3000);
    await lateStop(id, 5000);
    // Network DC (postpaid): 5 kWh × 11.00, on the session and on its one payment line.
    expect(await sessionDetail(id)).toMatchObject({
      state: 'completed',
      stopReason: 'EVDisconnected',
      energyWh: 5000,
      cost: 5500,
    });
    const payments = await paymentOf(id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amount: 5500, state: 'completed' });
    // Both changes no user made are in the audit log, with the charger and the figures.
    const lines = await t.database.db
      .select({ action: auditLogs.action, userId: auditLogs.userId, summary: auditLogs.summary })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'session'), eq(auditLogs.entityId, String(id))))
      .orderBy(auditLogs.id);
    expect(lines).toMatchObject([
      { action: 'closeStale', userId: null, summary: { hours: 24, energyWh: 3000 } },
      {
        action: 'completeLate',
        userId: null,
        summary: { chargePointId: 'BILL-1', energyWh: [3000, 5000], cost: [3300, 5500] },
      },
    ]);
    // The same Stop sent again changes nothing.
    await lateStop(id, 5000);
    expect(await sessionDetail(id)).toMatchObject({ state: 'completed', energyWh: 5000, cost: 5500 });
    expect((await paymentOf(id))[0]).toMatchObject({ amount: 5500 });
  });

  it("takes the rest of a late Stop from a prepaid driver's balance once", async () => {
    const before = await balanceOf('DEMO0002');
    const id = await staleSession(1, 'DEMO0002', 2000);
    // 5.00 per session and 20.00/kWh: 2 kWh when closed, 3 kWh by the charger's Stop.
    expect((await balanceOf('DEMO0002')).balance).toBe(before.balance - (500 + 4000));
    await Promise.all([lateStop(id, 3000), lateStop(id, 3000)]);
    expect((await balanceOf('DEMO0002')).balance).toBe(before.balance - (500 + 6000));
    const entries = await t.database.db
      .select({ amount: balanceEntries.amount, reference: balanceEntries.reference })
      .from(balanceEntries)
      .where(sql`${balanceEntries.reference} like ${`session:${id}%`}`)
      .orderBy(balanceEntries.id);
    expect(entries).toEqual([
      { amount: -4500, reference: `session:${id}` },
      { amount: -2000, reference: `session:${id}:stop` },
    ]);
    expect((await paymentOf(id))[0]).toMatchObject({ amount: 6500, state: 'completed' });
  });

  it('keeps balance and payment line in step when a late Stop lowers a cost that was partly refunded', async () => {
    const before = await balanceOf('DEMO0002');
    const id = await staleSession(1, 'DEMO0002', 2000);
    const refund = await t.call('POST', `/api/Payment/refund?pgTranId=VL-SES-${id}&amount=3000`, {
      token: finance,
      headers: { 'Idempotency-Key': `late-stop-${id}` },
    });
    expect(refund.status).toBe(200);
    // The charger's Stop says 0.5 kWh: 5.00 + 10.00. The 30.00 refunded stays refunded, the
    // line cannot be less than that, and the driver gets back the rest of what was paid.
    await lateStop(id, 500);
    expect(await sessionDetail(id)).toMatchObject({ state: 'completed', energyWh: 500, cost: 1500 });
    expect((await paymentOf(id))[0]).toMatchObject({ amount: 3000, refundedAmount: 3000, state: 'refunded' });
    expect((await balanceOf('DEMO0002')).balance).toBe(before.balance);
  });
});

describe('session reports', () => {
  it('filters, totals the filtered set, and the export matches the list', async () => {
    const running = await runSession(1, 'DEMO0002', 900_000, 0);
    await charger.call('MeterValues', {
      connectorId: 1,
      transactionId: running.id,
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [
            { value: '901.5', unit: 'kWh' },
            { value: '7400', measurand: 'Power.Active.Import', unit: 'W' },
          ],
        },
      ],
    });
    const all = await t.call<{
      data: {
        items: SessionOut[];
        total: number;
        totals: { sessions: number; energyWh: number; revenue: number };
      };
    }>('POST', '/api/portal/Transaction/GetTransactionsDynamic?index=0&size=10', {
      token: admin,
      body: { chargePointId: 'BILL-1' },
    });
    // The two sessions completed by a late Stop count with the charger's figures.
    expect(all.body.data.total).toBe(7);
    expect(all.body.data.totals).toEqual({
      sessions: 7,
      energyWh: 25_000 + 10_000 + 3_000 + 5_000 + 3_000 + 500 + 1_500,
      revenue: 23_500 + 20_500 + 3_300 + 5_500 + 6_500 + 1_500,
    });
    const active = await t.call<{ data: { items: (SessionOut & { powerW: number })[] } }>(
      'POST',
      '/api/portal/Transaction/GetTransactionsDynamic?index=0&size=10',
      {
        token: admin,
        body: { active: true },
      },
    );
    expect(active.body.data.items).toMatchObject([{ id: running.id, energyWh: 1500, powerW: 7400 }]);
    const byCard = await t.call<{ data: { items: SessionOut[] } }>(
      'POST',
      '/api/portal/Transaction/GetTransactionsDynamic?index=0&size=10',
      {
        token: admin,
        body: { idTag: 'demo0001' },
      },
    );
    expect(byCard.body.data.items.map((s) => s.driverName)).toEqual(['Ali Yılmaz']);
    const series = await t.call<{ data: { energyWh: number; powerW: number }[] }>(
      'GET',
      `/api/portal/Transaction/${running.id}/meterValues`,
      { token: admin },
    );
    expect(series.body.data).toMatchObject([{ energyWh: 901_500, powerW: 7400 }]);

    const xlsx = await t.call('POST', '/api/portal/Transaction/GetTransactionsExcel', {
      token: admin,
      body: { chargePointId: 'BILL-1' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.res.rawPayload as unknown as ArrayBuffer);
    const ids: number[] = [];
    wb.worksheets[0]?.eachRow((row, n) => n > 1 && ids.push(Number(row.getCell(1).value)));
    expect(ids).toEqual(all.body.data.items.map((s) => s.id));
    const activeXlsx = await t.call('POST', '/api/portal/Transaction/GetActiveTransactionsExcel', {
      token: admin,
      body: {},
    });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(activeXlsx.res.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0]?.rowCount).toBe(2);
    await running.stop();

    const mine = await t.call<{ data: { total: number } }>(
      'POST',
      '/api/portal/Transaction/GetTransactionsDynamic?index=0&size=10',
      { token: istanbul, body: {} },
    );
    expect(mine.body.data.total).toBe(7);
    expect(
      (
        await t.call('POST', '/api/portal/Transaction/GetTransactionsDynamic?index=0&size=10', {
          token: istanbul,
          body: { chargePointId: 'BILL-ANK' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('payments and refunds', () => {
  it('lists session charges and refunds part of one, never more than what is left, once per key', async () => {
    const list = await t.call<{ data: { items: PaymentOut[] } }>(
      'POST',
      '/api/portal/Payment/GetPaymentTransactions?index=0&size=10',
      { token: finance, body: { kind: 'session' } },
    );
    const first = list.body.data.items.find((p) => p.amount === 23_500);
    expect(first).toBeDefined();
    const driverBefore = await balanceOf('DEMO0001');

    const refund = (amount: number, key: string, token = finance) =>
      t.call<
        { data: { payment: PaymentOut; refund: { id: number; amount: number } }; message: string } & Err
      >('POST', `/api/Payment/refund?pgTranId=${first!.pgTranId}&amount=${amount}`, {
        token,
        headers: { 'idempotency-key': key },
      });
    const part = await refund(10_000, 'k-1');
    expect(part.status).toBe(200);
    expect(part.body.message).toBe('Refund of ₺100.00 recorded.');
    expect(part.body.data.payment).toMatchObject({ refundedAmount: 10_000, state: 'partiallyRefunded' });
    const retry = await refund(10_000, 'k-1');
    expect(retry.body.data.refund.id).toBe(part.body.data.refund.id);
    expect(retry.body.data.payment.refundedAmount).toBe(10_000);
    const tooMuch = await refund(13_501, 'k-2');
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toBe('At most ₺135.00 can still be refunded on this payment.');
    const rest = await refund(13_500, 'k-3');
    expect(rest.body.data.payment).toMatchObject({ refundedAmount: 23_500, state: 'refunded' });
    expect((await balanceOf('DEMO0001')).balance).toBe(driverBefore.balance + 23_500);
    expect((await refund(1, 'k-4', callcenter)).status).toBe(403);
    expect((await refund(1, 'k-5', await t.login('support@voltline.local'))).status).toBe(403);
  });

  it('records a top-up as a payment and a ledger credit, and refunding it takes the money back out', async () => {
    const ali = await balanceOf('DEMO0001');
    const top = await t.call<{ data: PaymentOut; message: string }>('POST', '/api/portal/Payment/topup', {
      token: finance,
      body: { driverId: ali.id, amount: 20_000 },
    });
    expect(top.body.message).toBe('Top-up of ₺200.00 recorded.');
    expect((await balanceOf('DEMO0001')).balance).toBe(ali.balance + 20_000);
    await t.call('POST', `/api/Payment/refund?pgTranId=${top.body.data.pgTranId}&amount=5000`, {
      token: finance,
    });
    expect((await balanceOf('DEMO0001')).balance).toBe(ali.balance + 15_000);
    const xlsx = await t.call('POST', '/api/portal/Payment/GetPaymentTransactionsExcel', {
      token: finance,
      body: { kind: 'topup' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.getRow(2).getCell(1).text).toBe(top.body.data.pgTranId);
  });

  it('refuses to delete a tariff that was used, and lets it be retired', async () => {
    const del = await t.call<Err>('DELETE', `/api/portal/tariff/${tariff.id}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.error).toBe('This tariff has been used; retire it instead of deleting it.');
    const retired = await t.call<{ data: TariffOut }>('PUT', '/api/portal/tariff', {
      token: admin,
      body: { id: tariff.id, retired: true },
    });
    expect(retired.body.data.retired).toBe(true);
    const available = await t.call<{ data: TariffOut[] }>(
      'GET',
      '/api/portal/tariff/GetChargePointAvailableTariffs/BILL-1',
      { token: admin },
    );
    expect(available.body.data.map((x) => x.name)).toEqual(['Network DC']);
    const listed = await t.call<{ data: TariffOut[] }>('GET', '/api/portal/tariff?includeRetired=false', {
      token: admin,
    });
    expect(listed.body.data.map((x) => x.name)).not.toContain('İstanbul AC');
    const everything = await t.call<{ data: TariffOut[] }>('GET', '/api/portal/tariff?includeRetired=true', {
      token: admin,
    });
    expect(everything.body.data.map((x) => x.name)).toContain('İstanbul AC');
  });
});

describe('currencies', () => {
  it('never debits a prepaid balance in another currency: the session is billed as postpaid', async () => {
    const eur = await t.call<{ data: TariffOut }>('POST', '/api/portal/tariff', {
      token: admin,
      body: {
        name: 'İstanbul AC in euros',
        operatorId: opId('Voltline İstanbul'),
        type: 'AC',
        paymentType: 'Prepaid',
        currency: 'EUR',
        pricePerKwh: 45,
      },
    });
    expect(eur.status).toBe(200);
    await registerChargePoint(t, 'BILL-EUR', PW);
    const [connector] = await connectorsOf('BILL-EUR');
    await t.call('PUT', '/api/portal/connector', {
      token: admin,
      body: { id: connector!.id, tariffId: eur.body.data.id },
    });
    const eurCharger = await connectClient(url, 'BILL-EUR', PW);
    try {
      // DEMO0002's driver is prepaid, with a balance in liras.
      const before = await balanceOf('DEMO0002');
      const started = (await eurCharger.call('StartTransaction', {
        connectorId: 1,
        idTag: 'DEMO0002',
        meterStart: 0,
        timestamp: new Date(Date.now() - 3600_000).toISOString(),
      })) as { transactionId: number };
      await eurCharger.call('StopTransaction', {
        transactionId: started.transactionId,
        meterStop: 10_000,
        timestamp: new Date().toISOString(),
      });
      expect((await balanceOf('DEMO0002')).balance).toBe(before.balance);
      const [payment] = await t.database.db
        .select({ amount: payments.amount, currency: payments.currency, gateway: payments.gateway })
        .from(payments)
        .where(eq(payments.sessionId, started.transactionId));
      // 10 kWh × 0.45 €, charged as a postpaid session in euros.
      expect(payment).toEqual({ amount: 450, currency: 'EUR', gateway: 'builtin' });
    } finally {
      await eurCharger.close({ force: true });
    }
  });
});
