import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { AuditLog, AuditUser } from '@voltline/contract';
import { createTestApp, type TestApp } from './helper.js';

// The network-wide audit log: readable lines (names, money in currency, changed fields), its
// filters and paging, the Excel export, the role table and tenant scope.

let t: TestApp;
let admin: string;
let main: string;
let finance: string;
let support: string;
let istanbul: string;
let ops: { id: number; name: string }[];
let ids: { admin: number; main: number; istanbul: number };
let istanbulTariff: number;
let ankaraTariff: number;

type PageOf<T> = { data: { items: T[]; total: number; index: number; size: number } };
type Err = { error: string };

const LIST = '/api/portal/AuditLogs/GetAuditLogsDynamic';
const EXCEL = '/api/portal/AuditLogs/GetAuditLogsExcel';
const USERS = '/api/portal/AuditLogs/GetAuditUsers';

const opId = (name: string) => ops.find((o) => o.name === name)?.id ?? 0;
const list = (token: string, body: object = {}, index = 0, size = 50) =>
  t.call<PageOf<AuditLog>>('POST', `${LIST}?index=${index}&size=${size}`, { token, body });

async function createTariff(token: string, name: string, operator: string, pricePerKwh: number) {
  const r = await t.call<{ data: { id: number } }>('POST', '/api/portal/tariff', {
    token,
    body: { name, operatorId: opId(operator), type: 'AC', paymentType: 'Postpaid', pricePerKwh },
  });
  expect(r.status).toBe(200);
  return r.body.data.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@voltline.local');
  main = await t.login('main@voltline.local');
  finance = await t.login('finance@voltline.local');
  support = await t.login('support@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  ops = (
    await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token: admin,
    })
  ).body.data;
  const me = async (token: string) =>
    (await t.call<{ data: { id: number } }>('GET', '/api/portal/Auth/me', { token })).body.data.id;
  ids = { admin: await me(admin), main: await me(main), istanbul: await me(istanbul) };

  istanbulTariff = await createTariff(admin, 'İstanbul Night', 'Voltline İstanbul', 750);
  const changed = await t.call('PUT', '/api/portal/tariff', {
    token: admin,
    body: { id: istanbulTariff, pricePerKwh: 825, name: 'İstanbul Night+' },
  });
  expect(changed.status).toBe(200);
  ankaraTariff = await createTariff(admin, 'Ankara Secret Rate', 'Voltline Ankara', 990);
  await createTariff(main, 'Main Network AC', 'Voltline Demo Network', 600);
  await createTariff(istanbul, 'Kadıköy Day', 'Voltline İstanbul', 700);
});
afterAll(() => t.close());

describe('the audit log', () => {
  it('reads a tariff price change in words: who, which tariff, and the price before and after in currency', async () => {
    const r = await list(admin, { entity: 'tariff', action: 'update' });
    expect(r.status).toBe(200);
    const line = r.body.data.items.find((l) => l.entityId === String(istanbulTariff));
    expect(line).toMatchObject({
      userId: ids.admin,
      userEmail: 'admin@voltline.local',
      userName: 'Admin Voltline',
      operatorName: 'Voltline Demo Network',
      action: 'update',
      entity: 'tariff',
      entityName: 'İstanbul Night+',
      target: { kind: 'tariff', id: String(istanbulTariff) },
      currency: 'TRY',
    });
    expect(line?.changes).toEqual(
      expect.arrayContaining([
        { field: 'pricePerKwh', kind: 'money', before: 750, after: 825 },
        { field: 'name', kind: 'text', before: 'İstanbul Night', after: 'İstanbul Night+' },
      ]),
    );
  });

  it('names the records a change points to, and shows a created record’s fields as new values', async () => {
    const r = await list(admin, { entity: 'tariff', action: 'create', userId: ids.admin });
    const line = r.body.data.items.find((l) => l.entityId === String(istanbulTariff));
    const operator = line?.changes.find((c) => c.field === 'operatorId');
    expect(operator).toEqual({
      field: 'operatorId',
      kind: 'reference',
      after: opId('Voltline İstanbul'),
      afterName: 'Voltline İstanbul',
    });
    expect(line?.changes.find((c) => c.field === 'pricePerKwh')).toEqual({
      field: 'pricePerKwh',
      kind: 'money',
      after: 750,
    });
  });

  it('keeps the name of a deleted record and never shows a secret', async () => {
    const gone = await createTariff(admin, 'Short-lived', 'Voltline Demo Network', 100);
    expect((await t.call('DELETE', `/api/portal/tariff/${gone}`, { token: admin })).status).toBe(200);
    const password = await t.call('PUT', '/api/portal/user', {
      token: admin,
      body: { id: ids.main, password: 'a-New-secret-99' },
    });
    expect(password.status).toBe(200);
    main = await t.login('main@voltline.local', 'a-New-secret-99');

    const deleted = (await list(admin, { entity: 'tariff', action: 'delete' })).body.data.items;
    expect(deleted.find((l) => l.entityId === String(gone))).toMatchObject({
      entityName: 'Short-lived',
      target: null,
      changes: [{ field: 'name', kind: 'text', before: 'Short-lived' }],
    });
    const r = await list(admin, { entity: 'user', action: 'update' });
    const line = r.body.data.items.find((l) => l.entityId === String(ids.main));
    expect(line).toMatchObject({ entityName: 'Merve Aydın', target: { kind: 'user' } });
    expect(line?.changes).toContainEqual({ field: 'password', kind: 'secret' });
    expect(JSON.stringify(r.body)).not.toContain('a-New-secret-99');
  });

  it('filters by user, operator, record type, action and time, newest first', async () => {
    const all = (await list(admin)).body.data;
    const itemIds = all.items.map((l) => l.id);
    expect(itemIds).toEqual([...itemIds].sort((a, b) => b - a));

    const byUser = (await list(admin, { userId: ids.istanbul })).body.data.items;
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((l) => l.userId === ids.istanbul)).toBe(true);
    expect(byUser.map((l) => l.entityName)).toContain('Kadıköy Day');

    // An operator's lines: made by its users, or about its records (an Admin's change included).
    const byOperator = (await list(admin, { operatorId: opId('Voltline İstanbul') })).body.data.items;
    const names = byOperator.map((l) => l.entityName);
    expect(names).toEqual(expect.arrayContaining(['İstanbul Night+', 'Kadıköy Day']));
    expect(names).not.toContain('Ankara Secret Rate');
    expect(names).not.toContain('Main Network AC');

    const logins = (await list(admin, { action: 'login' })).body.data.items;
    expect(logins.length).toBeGreaterThanOrEqual(5);
    expect(logins.every((l) => l.action === 'login' && l.entity === 'user')).toBe(true);

    const tariffs = (await list(admin, { entity: 'tariff' })).body.data.items;
    expect(tariffs.every((l) => l.entity === 'tariff')).toBe(true);

    const past = await list(admin, { to: '2000-01-01T00:00:00Z' });
    expect(past.body.data).toMatchObject({ items: [], total: 0 });
    const now = new Date(Date.now() - 10 * 60_000).toISOString();
    const recent = (await list(admin, { from: now, to: new Date(Date.now() + 60_000).toISOString() })).body
      .data;
    expect(recent.total).toBe(all.total);
  });

  it('pages by index and size, with the total of the whole filtered set', async () => {
    const whole = (await list(admin, { entity: 'tariff' })).body.data;
    const second = (await list(admin, { entity: 'tariff' }, 1, 2)).body.data;
    expect(second).toMatchObject({ index: 1, size: 2, total: whole.total });
    expect(second.items.map((l) => l.id)).toEqual(whole.items.slice(2, 4).map((l) => l.id));
  });

  it('exports the filtered log as .xlsx, in words', async () => {
    const r = await t.call('POST', EXCEL, { token: admin, body: { entity: 'tariff', action: 'update' } });
    expect(r.status).toBe(200);
    expect(r.res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const header = rows[0]!.slice(1);
    expect(header).toEqual([
      'Time',
      'User',
      'E-mail',
      'Operator',
      'Action',
      'Record type',
      'Record ID',
      'Record',
      'Changes',
      'IP address',
    ]);
    const row = rows.find((v) => v[7] === String(istanbulTariff));
    expect(row?.slice(2, 7)).toEqual([
      'Admin Voltline',
      'admin@voltline.local',
      'Voltline Demo Network',
      'Updated',
      'Tariff',
    ]);
    expect(row?.[8]).toBe('İstanbul Night+');
    expect(String(row?.[9])).toContain('pricePerKwh: ₺7.50 → ₺8.25');

    const tr = await t.call('POST', EXCEL, {
      token: admin,
      headers: { 'accept-language': 'tr' },
      body: { entity: 'tariff', action: 'update' },
    });
    const trBook = new ExcelJS.Workbook();
    await trBook.xlsx.load(tr.res.rawPayload as unknown as ArrayBuffer);
    const trRow = (trBook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).find(
      (v) => v[7] === String(istanbulTariff),
    );
    expect(trRow?.slice(5, 7)).toEqual(['Güncellendi', 'Tarife']);
    expect(String(trRow?.[9])).toContain('₺7,50 → ₺8,25');
  });

  it('gives the per-user activity log the same readable lines', async () => {
    const r = await t.call<PageOf<AuditLog>>(
      'POST',
      `/api/portal/AuditLogs/GetUserAuditLogsDynamic/${ids.admin}?index=0&size=50`,
      { token: admin, body: { entity: 'tariff', action: 'update' } },
    );
    expect(r.status).toBe(200);
    const line = r.body.data.items.find((l) => l.entityId === String(istanbulTariff));
    expect(line).toMatchObject({
      entityName: 'İstanbul Night+',
      userName: 'Admin Voltline',
      currency: 'TRY',
    });
    expect(line?.changes).toContainEqual({ field: 'pricePerKwh', kind: 'money', before: 750, after: 825 });
  });
});

describe('permissions', () => {
  it('lets Finance read the audit log, its export and its user filter', async () => {
    expect((await list(finance)).status).toBe(200);
    expect((await t.call('POST', EXCEL, { token: finance, body: {} })).status).toBe(200);
    expect((await t.call('GET', USERS, { token: finance })).status).toBe(200);
  });

  it('refuses a role without auditLogs:read', async () => {
    const r = await t.call<Err>('POST', `${LIST}?index=0&size=10`, { token: support, body: {} });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('You do not have permission to do this.');
    expect((await t.call('POST', EXCEL, { token: support, body: {} })).status).toBe(403);
    expect((await t.call('GET', USERS, { token: support })).status).toBe(403);
  });
});

describe('tenant scope', () => {
  it('shows a sub-operator the lines of its subtree only: its users’ and those about its records', async () => {
    const r = await list(istanbul, {}, 0, 100);
    expect(r.status).toBe(200);
    const lines = r.body.data.items;
    const names = lines.map((l) => l.entityName);
    // Its own user's change, and the Admin's change of its tariff.
    expect(names).toEqual(expect.arrayContaining(['Kadıköy Day', 'İstanbul Night+']));
    expect(lines.find((l) => l.entityId === String(istanbulTariff) && l.action === 'update')).toMatchObject({
      userName: 'Admin Voltline',
    });
    // Nothing of Ankara's or of the network above it.
    expect(lines.some((l) => l.entityId === String(ankaraTariff) && l.entity === 'tariff')).toBe(false);
    expect(JSON.stringify(r.body)).not.toContain('Ankara Secret Rate');
    expect(names).not.toContain('Main Network AC');
    expect(lines.some((l) => l.action === 'login' && l.userId === ids.main)).toBe(false);
    expect(r.body.data.total).toBe(lines.length);

    const ankara = await list(istanbul, { operatorId: opId('Voltline Ankara') });
    expect(ankara.body.data).toMatchObject({ items: [], total: 0 });
    const excel = await t.call('POST', EXCEL, { token: istanbul, body: {} });
    expect(excel.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(excel.res.rawPayload as unknown as ArrayBuffer);
    expect(JSON.stringify(wb.worksheets[0]!.getSheetValues())).not.toContain('Ankara Secret Rate');
  });

  it('offers a sub-operator only its own users in the user filter', async () => {
    const r = await t.call<{ data: AuditUser[] }>('GET', USERS, { token: istanbul });
    expect(r.status).toBe(200);
    expect(r.body.data.map((u) => u.email)).toEqual(['istanbul@voltline.local']);
    const all = await t.call<{ data: AuditUser[] }>('GET', `${USERS}?search=kaya`, { token: admin });
    expect(all.body.data).toEqual([
      {
        id: expect.any(Number) as number,
        name: 'Fatih Kaya',
        email: 'finance@voltline.local',
        operatorName: 'Voltline Demo Network',
        deleted: false,
      },
    ]);
    const one = await t.call<{ data: AuditUser[] }>('GET', `${USERS}?userId=${ids.admin}`, {
      token: istanbul,
    });
    expect(one.body.data).toEqual([]);
  });
});
