import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, registerChargePoint } from '../../../test/ocpp-helper.js';

let t: TestApp;
let admin: string;
let main: string;
let istanbul: string;
let finance: string;
let safety: string;
let ops: { id: number; name: string }[];

type Err = { error: string; code?: string; details?: { field: string; message: string }[] };
type Card = { id: number; number: string; archived: boolean; expired: boolean; status: string };
type DriverOut = {
  id: number;
  name: string;
  surname: string;
  email: string | null;
  status: string;
  balance: number;
  operatorName: string;
  cardCount: number;
  activeSessions: number;
  addresses: { id: number; title: string; country: string }[];
  vehicles: { id: number; vin: string | null; socketType: string; year: number | null }[];
  rfidCards: Card[];
};
type PageOut = { data: { items: DriverOut[]; total: number; index: number; size: number } };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@voltline.local');
  main = await t.login('main@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  finance = await t.login('finance@voltline.local');
  safety = await t.login('safety@voltline.local');
  ops = (
    await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token: admin,
    })
  ).body.data;
});
afterAll(() => t.close());

const opId = (name: string) => ops.find((o) => o.name === name)?.id ?? 0;

const list = (token: string, body: object, index = 0, size = 10) =>
  t.call<PageOut>('POST', `/api/portal/Driver/GetDriversDynamic?index=${index}&size=${size}`, {
    token,
    body,
  });

async function driverId(token: string, search: string) {
  const r = await list(token, { search });
  const id = r.body.data.items[0]?.id;
  if (!id) throw new Error(`no driver ${search}`);
  return id;
}

async function xlsxColumn(buffer: Buffer, col: number): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: string[] = [];
  wb.worksheets[0]?.eachRow((row, n) => {
    if (n > 1) rows.push(row.getCell(col).text);
  });
  return rows;
}

describe('driver lists', () => {
  it('pages the drivers in reach with the total, sorted in the database', async () => {
    const first = await list(admin, { sortBy: 'id', sortOrder: 'desc' }, 0, 3);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 4, index: 0, size: 3 });
    expect(first.body.data.items.map((d) => d.surname)).toEqual(['Koç', 'Öztürk', 'Arslan']);
    const second = await list(admin, { sortBy: 'id', sortOrder: 'desc' }, 1, 3);
    expect(second.body.data.items.map((d) => d.surname)).toEqual(['Yılmaz']);
    expect(second.body.data.items[0]).toMatchObject({
      name: 'Ali',
      balance: 50_000,
      status: 'active',
      operatorName: 'Voltline İstanbul',
      cardCount: 1,
    });
  });

  it('filters by text (name, e-mail, card number), operator, status, card and balance range', async () => {
    const names = async (body: object) => (await list(admin, body)).body.data.items.map((d) => d.name);
    expect(await names({ search: 'zeynep' })).toEqual(['Zeynep']);
    expect(await names({ search: 'Ali Yıl' })).toEqual(['Ali']);
    expect(await names({ search: 'demo0003' })).toEqual(['Murat']);
    expect(await names({ search: '@example.com', operatorId: opId('Voltline Ankara') })).toEqual([
      'Murat',
      'Elif',
    ]);
    // The operator filter covers the operator's whole subtree.
    expect(await names({ operatorId: opId('Voltline Demo Network') })).toHaveLength(4);
    expect(await names({ balanceMin: 50_000, balanceMax: 100_000 })).toEqual(['Ali']);
    expect(await names({ balanceMin: 1, sortBy: 'balance', sortOrder: 'desc' })).toEqual(['Zeynep', 'Ali']);
    expect(await names({ hasCard: false })).toEqual([]);
    expect(await names({ hasCard: true, status: 'active' })).toHaveLength(4);
    expect(await names({ status: 'blocked' })).toEqual([]);
    const all = await t.call<{ data: DriverOut[] }>('GET', '/api/portal/driver', { token: main });
    expect(all.body.data).toHaveLength(4);
  });

  it('exports the same filtered list as a real .xlsx, in major units', async () => {
    const r = await t.call('POST', '/api/portal/Driver/GetDriversExcel', {
      token: admin,
      body: { balanceMin: 1, sortBy: 'name' },
    });
    expect(r.status).toBe(200);
    expect(r.res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(await xlsxColumn(r.res.rawPayload, 2)).toEqual(['Ali', 'Zeynep']);
    expect(await xlsxColumn(r.res.rawPayload, 8)).toEqual(['500', '1200']);
  });

  it("lists an operator's own drivers, and 404 for an operator out of reach", async () => {
    const r = await t.call<{ data: DriverOut[] }>(
      'GET',
      `/api/portal/Operator/getDriversByOperatorId/${opId('Voltline Ankara')}`,
      { token: main },
    );
    expect(r.body.data.map((d) => d.name)).toEqual(['Elif', 'Murat']);
    const sibling = await t.call<Err>(
      'GET',
      `/api/portal/Operator/getDriversByOperatorId/${opId('Voltline Ankara')}`,
      { token: istanbul },
    );
    expect(sibling.status).toBe(404);
  });
});

describe('tenant scope', () => {
  it("never shows İstanbul's Main Operator a driver of Ankara: lists, export, detail, changes", async () => {
    const mine = await list(istanbul, {});
    expect(mine.body.data.items.map((d) => d.name).sort()).toEqual(['Ali', 'Zeynep']);
    expect((await list(istanbul, { search: 'Murat' })).body.data.total).toBe(0);
    expect((await list(istanbul, { operatorId: opId('Voltline Ankara') })).body.data.total).toBe(0);
    const xlsx = await t.call('POST', '/api/portal/Driver/GetDriversExcel', { token: istanbul, body: {} });
    expect((await xlsxColumn(xlsx.res.rawPayload, 2)).sort()).toEqual(['Ali', 'Zeynep']);
    const all = await t.call<{ data: DriverOut[] }>('GET', '/api/portal/driver', { token: istanbul });
    expect(all.body.data).toHaveLength(2);

    const murat = await driverId(admin, 'Murat');
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object][] = [
      ['GET', `/api/portal/driver/${murat}`],
      ['GET', `/api/portal/driver/RFIDCards/${murat}`],
      ['GET', `/api/portal/driver/${murat}/balance`],
      ['GET', `/api/portal/driver/${murat}/statusHistory`],
      ['PUT', '/api/portal/driver', { id: murat, name: 'Hijack' }],
      ['DELETE', `/api/portal/driver/${murat}`],
      ['POST', '/api/portal/driver/balance', { driverId: murat, amount: 100, reason: 'x' }],
      ['POST', '/api/portal/driver/manageStatus', { driverId: murat, status: 'blocked', reason: 'x' }],
      ['POST', '/api/portal/driver/RFIDCards', { driverId: murat, number: 'SNEAKY01' }],
      ['POST', '/api/portal/driver/addresses', addressOf(murat)],
    ];
    for (const [method, url, body] of calls) {
      const r = await t.call<Err>(method, url, { token: istanbul, body });
      expect([url, r.status]).toEqual([url, 404]);
    }
    const card = (
      await t.call<{ data: Card[] }>('GET', `/api/portal/driver/RFIDCards/${murat}`, { token: main })
    ).body.data[0];
    expect(
      (await t.call('DELETE', `/api/portal/driver/RFIDCards/${card?.id}`, { token: istanbul })).status,
    ).toBe(404);
    // Nothing changed.
    const after = await t.call<{ data: DriverOut }>('GET', `/api/portal/driver/${murat}`, { token: main });
    expect(after.body.data).toMatchObject({ name: 'Murat', status: 'active', balance: 0, cardCount: 1 });
  });

  it('refuses to place a driver under an operator out of reach', async () => {
    const r = await t.call<Err>('POST', '/api/portal/Driver', {
      token: istanbul,
      body: { name: 'Sneaky', surname: 'Driver', operatorId: opId('Voltline Ankara') },
    });
    expect(r.status).toBe(400);
    expect(r.body.details).toEqual([
      { field: 'body.operatorId', message: 'You cannot place drivers under that operator.' },
    ]);
  });
});

function addressOf(driverId: number) {
  return {
    driverId,
    title: 'Home',
    line1: 'Bağdat Cd. 1',
    city: 'İstanbul',
    country: 'tr',
    zipCode: '34710',
  };
}

describe('driver lifecycle', () => {
  it('creates a driver with address, vehicle and card, edits and deletes it, with an audit trail', async () => {
    const created = await t.call<{ data: DriverOut; message: string }>('POST', '/api/portal/Driver', {
      token: istanbul,
      body: {
        name: 'Can',
        surname: 'Aksoy',
        email: 'Can.Aksoy@Example.com',
        phone: '+90 555 000 00 01',
        operatorId: opId('Voltline İstanbul'),
        password: 'driver-pass-1',
        addresses: [{ title: 'Home', line1: 'Moda Cd. 5', city: 'İstanbul', country: 'TR' }],
        vehicles: [
          { name: 'Daily', model: 'Model Y', year: 2023, socketType: 'CCS2', vin: '5yj3e1ea7kf317000' },
        ],
        rfidCards: [{ name: 'Key fob', number: 'CAN-0001', expiresAt: '2030-01-01T00:00:00Z' }],
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Driver created.');
    const d = created.body.data;
    expect(d).toMatchObject({
      email: 'can.aksoy@example.com',
      status: 'active',
      balance: 0,
      cardCount: 1,
      operatorName: 'Voltline İstanbul',
    });
    expect(d.addresses[0]).toMatchObject({ title: 'Home', country: 'TR' });
    expect(d.vehicles[0]).toMatchObject({ vin: '5YJ3E1EA7KF317000', socketType: 'CCS2', year: 2023 });
    expect(d.rfidCards[0]).toMatchObject({ number: 'CAN-0001', archived: false, expired: false });

    const edited = await t.call<{ data: DriverOut }>('PUT', '/api/portal/driver', {
      token: istanbul,
      body: { id: d.id, surname: 'Aksoy-Kaya', email: null },
    });
    expect(edited.body.data).toMatchObject({
      surname: 'Aksoy-Kaya',
      email: null,
      phone: '+90 555 000 00 01',
    });

    const del = await t.call<{ message: string }>('DELETE', `/api/portal/driver/${d.id}`, {
      token: istanbul,
    });
    expect(del.body.message).toBe('Driver deleted.');
    expect((await t.call('GET', `/api/portal/driver/${d.id}`, { token: istanbul })).status).toBe(404);
    // The number of a deleted driver's card stays reserved.
    const reuse = await t.call<Err>('POST', '/api/portal/driver/RFIDCards', {
      token: istanbul,
      body: { driverId: await driverId(istanbul, 'Zeynep'), number: 'can-0001' },
    });
    expect(reuse.status).toBe(409);

    const me = (await t.call<{ data: { id: number } }>('GET', '/api/portal/Auth/me', { token: istanbul }))
      .body.data.id;
    const log = await t.call<{ data: { items: { action: string; entity: string; entityId: string }[] } }>(
      'POST',
      `/api/portal/AuditLogs/GetUserAuditLogsDynamic/${me}?index=0&size=20`,
      { token: admin, body: { entity: 'driver' } },
    );
    const mine = log.body.data.items.filter((l) => l.entityId === String(d.id));
    expect(mine.map((l) => l.action)).toEqual(['delete', 'update', 'create']);
    expect(JSON.stringify(log.body)).not.toContain('driver-pass-1');
  });

  it('validates every field and names the failing ones, in Turkish too', async () => {
    const r = await t.call<Err>('POST', '/api/portal/Driver', {
      token: admin,
      headers: { 'accept-language': 'tr' },
      body: {
        name: '',
        surname: 'X',
        email: 'nope',
        operatorId: opId('Voltline Ankara'),
        vehicles: [{ name: 'Car', socketType: 'Type9', vin: 'WVWZZZ1JZXW00000I' }],
        rfidCards: [{ number: 'THIS NUMBER IS FAR TOO LONG' }],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('Bazı alanlar geçerli değil.');
    expect(r.body.details?.map((x) => x.field).sort()).toEqual([
      'body.email',
      'body.name',
      'body.rfidCards.0.number',
      'body.vehicles.0.socketType',
      'body.vehicles.0.vin',
    ]);
    expect(r.body.details?.find((x) => x.field === 'body.vehicles.0.vin')?.message).toBe(
      'Şasi numarası (VIN) I, O ve Q içermeyen 17 harf ve rakamdan oluşur.',
    );
    const en = await t.call<Err>('POST', '/api/portal/driver/vehicles', {
      token: admin,
      body: { driverId: 1, name: 'Car', socketType: 'Type2', vin: 'SHORTVIN', year: 1850 },
    });
    expect(en.status).toBe(400);
    expect(en.body.details?.map((x) => x.field)).toEqual(['body.year', 'body.vin']);
    expect(en.body.details?.[0]?.message).toBe('Enter a number of at least 1990.');
    expect(en.body.details?.[1]?.message).toBe('A VIN has 17 letters and digits, without I, O or Q.');
  });
});

describe('addresses, vehicles and cards', () => {
  it('adds, updates and deletes addresses and vehicles', async () => {
    const ali = await driverId(istanbul, 'Ali');
    const a = await t.call<{ data: { id: number; city: string } }>('POST', '/api/portal/driver/addresses', {
      token: istanbul,
      body: addressOf(ali),
    });
    expect(a.status).toBe(200);
    const a2 = await t.call<{ data: { city: string; title: string } }>('PUT', '/api/portal/driver/address', {
      token: istanbul,
      body: { id: a.body.data.id, city: 'Kadıköy' },
    });
    expect(a2.body.data).toMatchObject({ city: 'Kadıköy', title: 'Home' });

    const v = await t.call<{ data: { id: number } }>('POST', '/api/portal/driver/vehicles', {
      token: istanbul,
      body: { driverId: ali, name: 'Family', socketType: 'Type2' },
    });
    expect(v.status).toBe(200);
    const v2 = await t.call<{ data: { vin: string; model: string } }>('PUT', '/api/portal/driver/vehicle', {
      token: istanbul,
      body: { id: v.body.data.id, model: 'Togg T10X', vin: 'NLT1234567890ABCD' },
    });
    expect(v2.body.data).toMatchObject({ model: 'Togg T10X', vin: 'NLT1234567890ABCD' });

    let detail = (await t.call<{ data: DriverOut }>('GET', `/api/portal/driver/${ali}`, { token: istanbul }))
      .body.data;
    expect(detail.addresses.map((x) => x.id)).toEqual([a.body.data.id]);
    expect(detail.vehicles.map((x) => x.id)).toEqual([v.body.data.id]);

    expect(
      (await t.call('DELETE', `/api/portal/driver/address/${a.body.data.id}`, { token: istanbul })).status,
    ).toBe(200);
    expect(
      (await t.call('DELETE', `/api/portal/driver/vehicle/${v.body.data.id}`, { token: istanbul })).status,
    ).toBe(200);
    detail = (await t.call<{ data: DriverOut }>('GET', `/api/portal/driver/${ali}`, { token: istanbul })).body
      .data;
    expect(detail.addresses).toEqual([]);
    expect(detail.vehicles).toEqual([]);
  });

  it('adds cards with unique numbers (any case), archives and restores them', async () => {
    const zeynep = await driverId(istanbul, 'Zeynep');
    const added = await t.call<{ data: Card }>('POST', '/api/portal/driver/RFIDCards', {
      token: istanbul,
      body: { driverId: zeynep, name: 'Spare', number: 'ZEY-2', expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(added.body.data).toMatchObject({ number: 'ZEY-2', expired: true, archived: false });
    const dup = await t.call<Err>('POST', '/api/portal/driver/RFIDCards', {
      token: istanbul,
      body: { driverId: zeynep, number: 'demo0001' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('Card number demo0001 is already in use on this network.');

    const id = added.body.data.id;
    const blocked = await t.call<{ data: Card }>('PUT', '/api/portal/driver/RFIDCards', {
      token: istanbul,
      body: { id, status: 'blocked', expiresAt: null },
    });
    expect(blocked.body.data).toMatchObject({ status: 'blocked', expired: false });

    const archived = await t.call<{ data: Card; message: string }>(
      'DELETE',
      `/api/portal/driver/RFIDCards/${id}`,
      {
        token: istanbul,
      },
    );
    expect(archived.body).toMatchObject({ data: { archived: true }, message: 'Card archived.' });
    expect((await t.call('DELETE', `/api/portal/driver/RFIDCards/${id}`, { token: istanbul })).status).toBe(
      409,
    );
    const cards = await t.call<{ data: Card[] }>('GET', `/api/portal/driver/RFIDCards/${zeynep}`, {
      token: istanbul,
    });
    expect(cards.body.data.map((c) => [c.number, c.archived])).toEqual([
      ['DEMO0002', false],
      ['ZEY-2', true],
    ]);
    const restored = await t.call<{ data: Card }>('PUT', `/api/portal/driver/RFIDCards/Unarchive/${id}`, {
      token: istanbul,
    });
    expect(restored.body.data.archived).toBe(false);
  });

  it('answers an edit of a card that changes nothing with the card as it was (it answered 500)', async () => {
    const [card] = (
      await t.call<{ data: Card[] }>(
        'GET',
        `/api/portal/driver/RFIDCards/${await driverId(istanbul, 'Zeynep')}`,
        {
          token: istanbul,
        },
      )
    ).body.data;
    const r = await t.call<{ data: Card }>('PUT', '/api/portal/driver/RFIDCards', {
      token: istanbul,
      body: { id: card!.id },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(card);
  });
});

describe('status', () => {
  it('changes status with a reason and keeps the history', async () => {
    const ali = await driverId(istanbul, 'Ali');
    const blocked = await t.call<{ data: DriverOut }>('POST', '/api/portal/driver/manageStatus', {
      token: istanbul,
      body: { driverId: ali, status: 'blocked', reason: 'Card reported stolen' },
    });
    expect(blocked.body.data.status).toBe('blocked');
    const again = await t.call<Err>('POST', '/api/portal/driver/manageStatus', {
      token: istanbul,
      body: { driverId: ali, status: 'blocked', reason: 'Twice' },
    });
    expect(again.status).toBe(409);
    const noReason = await t.call<Err>('POST', '/api/portal/driver/manageStatus', {
      token: istanbul,
      body: { driverId: ali, status: 'active', reason: '  ' },
    });
    expect(noReason.status).toBe(400);
    await t.call('POST', '/api/portal/driver/manageStatus', {
      token: istanbul,
      body: { driverId: ali, status: 'active', reason: 'Card found' },
    });
    expect((await list(istanbul, { status: 'blocked' })).body.data.total).toBe(0);
    const history = await t.call<{
      data: {
        items: { fromStatus: string; toStatus: string; reason: string; userEmail: string }[];
        total: number;
      };
    }>('GET', `/api/portal/driver/${ali}/statusHistory?index=0&size=10`, { token: istanbul });
    expect(history.body.data.total).toBe(2);
    expect(history.body.data.items.map((h) => [h.fromStatus, h.toStatus, h.reason, h.userEmail])).toEqual([
      ['blocked', 'active', 'Card found', 'istanbul@voltline.local'],
      ['active', 'blocked', 'Card reported stolen', 'istanbul@voltline.local'],
    ]);
  });
});

describe('permissions', () => {
  it('lets Finance read but not write drivers, and keeps Site Safety out', async () => {
    expect((await list(finance, {})).status).toBe(200);
    const w = await t.call<Err>('POST', '/api/portal/driver/balance', {
      token: finance,
      body: { driverId: 1, amount: 100, reason: 'x' },
    });
    expect(w.status).toBe(403);
    expect((await list(safety, {})).status).toBe(403);
    expect((await t.call('GET', '/api/portal/driver/1', { token: safety })).status).toBe(403);
  });
});

describe('a driver who is charging', () => {
  it('shows the running session in the list and the detail, and is not deleted until it ends', async () => {
    const created = await t.call<{ data: DriverOut }>('POST', '/api/portal/Driver', {
      token: istanbul,
      body: {
        name: 'Deniz',
        surname: 'Şarjda',
        operatorId: opId('Voltline İstanbul'),
        rfidCards: [{ name: 'Card', number: 'RUN-0001' }],
      },
    });
    const id = created.body.data.id;
    expect(created.body.data.activeSessions).toBe(0);
    await t.call('POST', '/api/portal/driver/balance', {
      token: istanbul,
      body: { driverId: id, amount: 10_000, reason: 'Opening balance' },
    });
    await registerChargePoint(t, 'DRV-RUN', null);
    const client = await connectClient(await listen(t), 'DRV-RUN');
    const start = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: 'RUN-0001',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(start.idTagInfo.status).toBe('Accepted');

    const seen = async () => [
      (await t.call<{ data: DriverOut }>('GET', `/api/portal/driver/${id}`, { token: istanbul })).body.data
        .activeSessions,
      (await list(istanbul, { search: 'RUN-0001' })).body.data.items.map((d) => d.activeSessions),
    ];
    expect(await seen()).toEqual([1, [1]]);
    const refused = await t.call<Err>('DELETE', `/api/portal/driver/${id}`, { token: istanbul });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('The driver has a charging session in progress; stop it first.');

    await client.call('StopTransaction', {
      transactionId: start.transactionId,
      meterStop: 1000,
      timestamp: new Date().toISOString(),
    });
    await client.close();
    expect(await seen()).toEqual([0, [0]]);
    expect((await t.call('DELETE', `/api/portal/driver/${id}`, { token: istanbul })).status).toBe(200);
  });
});
