import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Session } from '@voltline/contract';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, registerChargePoint, type Client } from '../../../test/ocpp-helper.js';
import { receiptDocument } from './document.js';
import { receiptFigures } from './figures.js';

// Receipts of billed sessions and drivers' monthly statements: the lines are the engine's, they add
// up to what the session was billed, VAT as the operator states prices, in the reader's language.

let t: TestApp;
let admin: string;
let istanbul: string;
let charger: Client;
let ankCharger: Client;
const PW = 'receipt-charger-secret-1';
const stamp = Date.now().toString(36).toUpperCase();
const CARD = `RCPT${stamp}`.slice(0, 20);
const ANK_CARD = `RCPA${stamp}`.slice(0, 20);
let driverId = 0;
let ankDriverId = 0;

type Call = { status: number; body: unknown; headers: Record<string, unknown>; raw: Buffer };

/** A GET whose answer may be a file: its bytes as they came. */
async function get(token: string, path: string, lang = 'en'): Promise<Call> {
  const r = await t.app.inject({
    method: 'GET',
    url: `/api/${path}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
  });
  const json = r.headers['content-type']?.toString().includes('json') ? r.json<unknown>() : null;
  return { status: r.statusCode, body: json, headers: r.headers, raw: r.rawPayload };
}

const opId = async (name: string) =>
  (
    await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token: admin,
    })
  ).body.data.find((o) => o.name === name)!.id;

/** A session of `card` on connector 1 that started an hour ago and stops now with `wh` delivered. */
async function billedSession(c: Client, card: string, wh: number, stop = true): Promise<number> {
  const started = (await c.call('StartTransaction', {
    connectorId: 1,
    idTag: card,
    meterStart: 1_000,
    timestamp: new Date(Date.now() - 3_600_000).toISOString(),
  })) as { transactionId: number };
  if (stop) {
    await c.call('StopTransaction', {
      transactionId: started.transactionId,
      meterStop: 1_000 + wh,
      timestamp: new Date().toISOString(),
      reason: 'Local',
    });
  }
  return started.transactionId;
}

async function tariffOn(chargePointId: string, operator: string) {
  const tariff = await t.call<{ data: { id: number } }>('POST', '/api/portal/tariff', {
    token: admin,
    body: {
      name: `Receipt AC ${chargePointId} ${stamp}`,
      operatorId: await opId(operator),
      type: 'AC',
      paymentType: 'Postpaid',
      pricePerKwh: 850,
      fixedPrice: 200,
      components: {
        elements: [
          { priceComponents: [{ type: 'ENERGY', price: 850, stepSize: 1 }] },
          { priceComponents: [{ type: 'FLAT', price: 200 }] },
        ],
      },
    },
  });
  expect(tariff.status).toBe(200);
  const conns = await t.call<{ data: { id: number; connectorId: number }[] }>(
    'GET',
    `/api/portal/connector?chargePointId=${chargePointId}`,
    { token: admin },
  );
  const one = conns.body.data.find((k) => k.connectorId === 1)!;
  await t.call('PUT', '/api/portal/connector', {
    token: admin,
    body: { id: one.id, tariffId: tariff.body.data.id },
  });
}

async function driverWith(card: string, operator: string) {
  const r = await t.call<{ data: { id: number } }>('POST', '/api/portal/Driver', {
    token: admin,
    body: { name: 'Elif', surname: 'Şahin', operatorId: await opId(operator), rfidCards: [{ number: card }] },
  });
  expect(r.status).toBe(200);
  // İstanbul is prepaid: its drivers charge from a balance.
  await t.call('POST', '/api/portal/driver/balance', {
    token: admin,
    body: { driverId: r.body.data.id, amount: 1_000_000, reason: 'Top-up for the receipts test' },
  });
  return r.body.data.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const url = await listen(t);
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  await registerChargePoint(t, 'RCPT-1', PW);
  await registerChargePoint(t, 'RCPT-ANK', PW, 'Voltline Ankara');
  await tariffOn('RCPT-1', 'Voltline İstanbul');
  await tariffOn('RCPT-ANK', 'Voltline Ankara');
  driverId = await driverWith(CARD, 'Voltline İstanbul');
  ankDriverId = await driverWith(ANK_CARD, 'Voltline Ankara');
  charger = await connectClient(url, 'RCPT-1', PW);
  ankCharger = await connectClient(url, 'RCPT-ANK', PW);
});
afterAll(async () => {
  await Promise.all([charger.close({ force: true }), ankCharger.close({ force: true })]);
  await t.close();
});

const session = async (id: number) =>
  (await t.call<{ data: Session }>('GET', `/api/portal/Transaction/${id}`, { token: admin })).body.data;

describe('a session’s receipt', () => {
  it('has the engine’s lines in AFIR order, adding up to the bill, with VAT taken out of prices that include it', async () => {
    const s = await session(await billedSession(charger, CARD, 12_345));
    // 12.345 kWh at 8.50 and 2.00 a session, prices including 20 % VAT: 106.9325 → 106.93 once.
    expect(s.cost).toBe(10_693);
    const f = receiptFigures(s, 2000)!;
    expect(f.lines.map((l) => [l.type, l.quantity, l.unitPrice, l.net, l.vat, l.gross])).toEqual([
      // VAT by cumulative rounding: 104.9325 / 6 = 17.48875 → 17.49; 106.9325 / 6 = 17.822 → 17.82.
      ['ENERGY', 12_345, 850, 8_744, 1_749, 10_493],
      ['FLAT', 1, 200, 167, 33, 200],
    ]);
    expect({ net: f.net, vat: f.vat, gross: f.gross }).toEqual({ net: 8_911, vat: 1_782, gross: 10_693 });

    const tr = receiptDocument(
      'tr',
      s,
      f,
      {
        name: 'Voltline İstanbul A.Ş.',
        addressLines: ['Kadıköy'],
        taxId: '1234567890',
        taxOffice: 'Kadıköy',
        contact: null,
        timeZone: 'Europe/Istanbul',
        vatRate: 2000,
      },
      new Date(),
    );
    expect(tr.title).toBe('Fiş');
    expect(tr.table?.rows).toEqual([
      ['Enerji', '12,345 kWh', 'kWh başına ₺8,50', '₺87,44', '₺17,49', '₺104,93'],
      ['Oturum ücreti', '1', 'oturum başına ₺2,00', '₺1,67', '₺0,33', '₺2,00'],
    ]);
    expect(tr.totals).toEqual([
      ['KDV hariç toplam', '₺89,11'],
      ['KDV %20', '₺17,82'],
      ['Toplam tutar', '₺106,93'],
    ]);
    expect(tr.issuer).toEqual([
      'Voltline İstanbul A.Ş.',
      'Kadıköy',
      'Vergi no 1234567890',
      'Vergi dairesi Kadıköy',
    ]);
    expect(tr.notes).toEqual(['Fiyatlar KDV dahildir.', 'Bu belge fatura yerine geçmez.']);
  });

  /** A session of 10 kWh that stopped an hour after it started, billed `cost` under `tariff`. */
  const billedHour = (cost: number, tariff: Partial<NonNullable<Session['tariff']>> = {}) =>
    ({
      id: 1,
      startedAt: '2026-11-01T10:00:00.000Z',
      stoppedAt: '2026-11-01T11:00:00.000Z',
      energyWh: 10_000,
      cost,
      currency: 'TRY',
      tariff: {
        id: 1,
        name: 'x',
        paymentType: 'Postpaid',
        currency: 'TRY',
        pricePerKwh: 850,
        limitKwh: null,
        overLimitPricePerKwh: null,
        fixedPrice: 0,
        ...tariff,
      },
    }) as Session;

  it('shows one line of charging at the billed cost when staff corrected the bill', () => {
    const f = receiptFigures(billedHour(1_200, { vatRate: 2000, pricesIncludeVat: true }), 1000)!;
    expect(f.lines).toEqual([
      { type: 'CHARGING', quantity: 1, unitPrice: null, net: 1_000, vat: 200, gross: 1_200 },
    ]);
  });

  it('shows the VAT of a session billed before VAT terms existed at the operator’s rate, the total unchanged', () => {
    // 10 kWh at 8.50 including VAT: 85.00, of which 20 % VAT is 14.17.
    const f = receiptFigures(billedHour(8_500), 2000)!;
    expect({ net: f.net, vat: f.vat, gross: f.gross, vatRate: f.vatRate }).toEqual({
      net: 7_083,
      vat: 1_417,
      gross: 8_500,
      vatRate: 2000,
    });
  });

  it('is a PDF to download, in the reader’s language; a running session has none yet, said in words', async () => {
    const id = await billedSession(charger, CARD, 2_000);
    for (const lang of ['en', 'tr']) {
      const r = await get(admin, `portal/Transaction/${id}/receipt`, lang);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('application/pdf');
      expect(r.headers['content-disposition']).toBe(`attachment; filename="receipt-${id}.pdf"`);
      expect(r.raw.subarray(0, 5).toString()).toBe('%PDF-');
      expect(r.raw.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    }
    const running = await billedSession(charger, CARD, 0, false);
    const r = await get(istanbul, `portal/Transaction/${running}/receipt`, 'tr');
    expect(r.status).toBe(409);
    expect((r.body as { error: string }).error).toBe(
      'Bu oturumun henüz faturası yok: sürüyor, incelemede bekliyor ya da ücretlendirilmedi.',
    );
    await charger.call('StopTransaction', {
      transactionId: running,
      meterStop: 1_000,
      timestamp: new Date().toISOString(),
    });
  });

  it('is not given for a sibling operator’s session', async () => {
    const id = await billedSession(ankCharger, ANK_CARD, 1_000);
    expect((await get(istanbul, `portal/Transaction/${id}/receipt`)).status).toBe(404);
    expect((await get(admin, `portal/Transaction/${id}/receipt`)).status).toBe(200);
  });
});

describe('a driver’s monthly statement', () => {
  const monthOf = (iso: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit' })
      .format(new Date(iso))
      .slice(0, 7);

  it('lists the month’s billed sessions with net, VAT and total, as PDF and as Excel', async () => {
    const first = await session(await billedSession(charger, CARD, 3_000));
    const month = monthOf(first.startedAt);
    const xlsx = await get(admin, `portal/Driver/${driverId}/statement?month=${month}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    // Every billed session of the driver this month so far: this file's sessions (a running one is left out).
    const sessions = (
      await t.call<{ data: { items: Session[] } }>(
        'POST',
        '/api/portal/Transaction/GetTransactionsDynamic?index=0&size=100',
        {
          token: admin,
          body: { driverId },
        },
      )
    ).body.data.items.filter((s) => s.cost !== null && monthOf(s.startedAt) === month);
    expect(rows.map((r) => r[1]).sort()).toEqual(sessions.map((s) => s.id).sort());
    const total = rows.reduce((sum, r) => sum + Math.round(Number(r[7]) * 100), 0);
    expect(total).toBe(sessions.reduce((sum, s) => sum + (s.cost ?? 0), 0));

    const pdf = await get(istanbul, `portal/Driver/${driverId}/statement?month=${month}`, 'tr');
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="statement-${driverId}-${month}.pdf"`,
    );
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a month in the future or badly written, in words, and a sibling operator’s driver', async () => {
    const future = await get(admin, `portal/Driver/${driverId}/statement?month=2999-01`);
    expect(future.status).toBe(400);
    expect(JSON.stringify(future.body)).toContain('Give the month as YYYY-MM, not later than this month.');
    const bad = await get(admin, `portal/Driver/${driverId}/statement?month=2026-13`, 'tr');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Ayı YYYY-AA biçiminde');
    expect((await get(istanbul, `portal/Driver/${ankDriverId}/statement?month=2026-11`)).status).toBe(404);
  });
});
