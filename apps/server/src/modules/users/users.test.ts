import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let admin: string;
let main: string;
let istanbul: string;
let finance: string;
let callcenter: string;
let ops: { id: number; name: string }[];

type Err = { error: string; details?: { field: string; message: string }[] };
type UserOut = { id: number; email: string; roles: string[]; operatorName: string; active: boolean };
type PageOut = { data: { items: UserOut[]; total: number; index: number; size: number } };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@voltline.local');
  main = await t.login('main@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  finance = await t.login('finance@voltline.local');
  callcenter = await t.login('callcenter@voltline.local');
  ops = (
    await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token: admin,
    })
  ).body.data;
});
afterAll(() => t.close());

const opId = (name: string) => ops.find((o) => o.name === name)?.id ?? 0;

function newUser(email: string, operator: string, roles = ['CallCenter']) {
  return {
    email,
    name: 'Test',
    surname: 'User',
    operatorId: opId(operator),
    roles,
    password: 'test-pass-01',
  };
}

async function xlsxEmails(buffer: Buffer): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: string[] = [];
  wb.worksheets[0]?.eachRow((row, n) => {
    if (n > 1) rows.push(row.getCell(2).text);
  });
  return rows;
}

describe('users list', () => {
  it('pages by index and size with the total, filtered and sorted in the database', async () => {
    const first = await t.call<PageOut>('POST', '/api/portal/user/GetUsersDynamic?index=0&size=3', {
      token: admin,
      body: { sortBy: 'email', sortOrder: 'asc' },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBe(7);
    expect(first.body.data.items.map((u) => u.email)).toEqual([
      'admin@voltline.local',
      'callcenter@voltline.local',
      'finance@voltline.local',
    ]);
    const last = await t.call<PageOut>('POST', '/api/portal/user/GetUsersDynamic?index=2&size=3', {
      token: admin,
      body: { sortBy: 'email' },
    });
    expect(last.body.data.items.map((u) => u.email)).toEqual(['support@voltline.local']);

    const search = await t.call<PageOut>('POST', '/api/portal/user/GetUsersDynamic?index=0&size=10', {
      token: admin,
      body: { search: 'İSTANBUL', role: 'Main Operator' },
    });
    expect(search.body.data.items.map((u) => u.email)).toEqual(['istanbul@voltline.local']);
  });

  it('exports the same filtered list as a real .xlsx', async () => {
    const r = await t.call('POST', '/api/portal/user/GetAllUsersExcel', {
      token: admin,
      body: { role: 'Main Operator', sortBy: 'email' },
    });
    expect(r.status).toBe(200);
    expect(r.res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(await xlsxEmails(r.res.rawPayload)).toEqual(['istanbul@voltline.local', 'main@voltline.local']);
  });

  it('shows a sub-operator only its own branch, in lists, exports and reads', async () => {
    const list = await t.call<PageOut>('POST', '/api/portal/user/GetUsersDynamic?index=0&size=10', {
      token: istanbul,
      body: {},
    });
    expect(list.body.data.items.map((u) => u.email)).toEqual(['istanbul@voltline.local']);
    const xlsx = await t.call('POST', '/api/portal/user/GetAllUsersExcel', { token: istanbul, body: {} });
    expect(await xlsxEmails(xlsx.res.rawPayload)).toEqual(['istanbul@voltline.local']);
    const lookup = await t.call<{ data: { name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token: istanbul,
    });
    expect(lookup.body.data.map((o) => o.name)).toEqual(['Voltline İstanbul']);
  });
});

describe('tenant scope', () => {
  it('answers 404 for a user of a sibling branch on read, update, delete and audit log', async () => {
    const ankaraUser = await t.call<{ data: UserOut }>('POST', '/api/portal/user', {
      token: admin,
      body: newUser('ankara.staff@voltline.local', 'Voltline Ankara'),
    });
    expect(ankaraUser.status).toBe(200);
    const id = ankaraUser.body.data.id;
    expect((await t.call('GET', `/api/portal/user/${id}`, { token: istanbul })).status).toBe(404);
    expect(
      (await t.call('PUT', '/api/portal/user', { token: istanbul, body: { id, name: 'Hijack' } })).status,
    ).toBe(404);
    expect((await t.call('DELETE', `/api/portal/user/${id}`, { token: istanbul })).status).toBe(404);
    expect(
      (
        await t.call('POST', `/api/portal/AuditLogs/GetUserAuditLogsDynamic/${id}?index=0&size=10`, {
          token: istanbul,
          body: {},
        })
      ).status,
    ).toBe(404);
    // The parent branch does see it.
    expect((await t.call('GET', `/api/portal/user/${id}`, { token: main })).status).toBe(200);
  });

  it('refuses to place a user under an operator out of reach', async () => {
    const r = await t.call<Err>('POST', '/api/portal/user', {
      token: istanbul,
      body: newUser('sneaky@voltline.local', 'Voltline Ankara'),
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('That operator is not within your reach.');
  });
});

describe('permissions', () => {
  it('gives Finance 403 on users and CallCenter 403 on writing users', async () => {
    const fin = await t.call<Err>('POST', '/api/portal/user/GetUsersDynamic?index=0&size=10', {
      token: finance,
      body: {},
    });
    expect(fin.status).toBe(403);
    expect(fin.body.error).toBe('You do not have permission to do this.');
    expect((await t.call('GET', '/api/portal/user', { token: callcenter })).status).toBe(403);
    expect(
      (
        await t.call('POST', '/api/portal/user', {
          token: callcenter,
          body: newUser('x@voltline.local', 'Voltline Ankara'),
        })
      ).status,
    ).toBe(403);
  });

  it('lets a Main Operator hand out every role but Admin', async () => {
    const r = await t.call<Err>('POST', '/api/portal/user', {
      token: main,
      body: newUser('wannabe@voltline.local', 'Voltline Ankara', ['Admin']),
    });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('You cannot give the role Admin.');
    const promote = await t.call<Err>('PUT', '/api/portal/user', {
      token: main,
      body: { id: 1, name: 'Renamed' },
    });
    expect(promote.status).toBe(403);
  });
});

describe('create, update, delete', () => {
  it('creates, edits and deletes a user, and the audit log tells the story', async () => {
    const created = await t.call<{ data: UserOut; message: string }>('POST', '/api/portal/user', {
      token: main,
      body: newUser('New.Agent@Voltline.local', 'Voltline İstanbul'),
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('User created.');
    expect(created.body.data).toMatchObject({
      email: 'new.agent@voltline.local',
      operatorName: 'Voltline İstanbul',
    });
    const id = created.body.data.id;

    const dup = await t.call<Err>('POST', '/api/portal/user', {
      token: main,
      body: newUser('new.agent@voltline.local', 'Voltline İstanbul'),
    });
    expect(dup.status).toBe(409);

    const edited = await t.call<{ data: UserOut }>('PUT', '/api/portal/user', {
      token: main,
      body: { id, roles: ['Finance', 'CallCenter'], active: false },
    });
    expect(edited.body.data).toMatchObject({ roles: ['Finance', 'CallCenter'], active: false });
    const signIn = await t.call<Err>('POST', '/api/portal/Auth/login', {
      body: { Email: 'new.agent@voltline.local', Password: 'test-pass-01' },
    });
    expect(signIn.status).toBe(400);

    const del = await t.call<{ message: string }>('DELETE', `/api/portal/user/${id}`, { token: main });
    expect(del.body.message).toBe('User deleted.');
    expect((await t.call('GET', `/api/portal/user/${id}`, { token: main })).status).toBe(404);

    const mainId = (await t.call<{ data: { id: number } }>('GET', '/api/portal/Auth/me', { token: main }))
      .body.data.id;
    const log = await t.call<{
      data: { items: { action: string; entityId: string; summary: Record<string, unknown> }[] };
    }>('POST', `/api/portal/AuditLogs/GetUserAuditLogsDynamic/${mainId}?index=0&size=10`, {
      token: admin,
      body: { entity: 'user' },
    });
    const mine = log.body.data.items.filter((l) => l.entityId === String(id));
    expect(mine.map((l) => l.action)).toEqual(['delete', 'update', 'create']);
    expect(mine[1]?.summary).toMatchObject({ active: [true, false] });
    expect(JSON.stringify(mine)).not.toContain('test-pass-01');
  });

  it('keeps at least one active Admin', async () => {
    const demote = await t.call<Err>('PUT', '/api/portal/user', {
      token: admin,
      body: { id: 1, roles: ['Main Operator'] },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toBe('This is the last active Admin; keep at least one.');
    const self = await t.call<Err>('DELETE', '/api/portal/user/1', { token: admin });
    expect(self.status).toBe(409);
    const second = await t.call<{ data: UserOut }>('POST', '/api/portal/user', {
      token: admin,
      body: newUser('admin2@voltline.local', 'Voltline Demo Network', ['Admin']),
    });
    expect(second.status).toBe(200);
    const ok = await t.call('PUT', '/api/portal/user', {
      token: admin,
      body: { id: second.body.data.id, active: false },
    });
    expect(ok.status).toBe(200);
    expect(
      (await t.call('PUT', '/api/portal/user', { token: admin, body: { id: 1, active: false } })).status,
    ).toBe(409);
  });

  it('validates every field and names the failing ones in Turkish', async () => {
    const r = await t.call<Err>('POST', '/api/portal/user', {
      token: admin,
      headers: { 'accept-language': 'tr' },
      body: { email: 'nope', name: '', surname: 'X', operatorId: 1, roles: ['Janitor'], password: 'abc' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('Bazı alanlar geçerli değil.');
    const fields = r.body.details?.map((d) => d.field).sort();
    expect(fields).toEqual(['body.email', 'body.name', 'body.password', 'body.password', 'body.roles.0']);
    expect(r.body.details?.find((d) => d.field === 'body.email')?.message).toBe(
      'Geçerli bir e-posta adresi girin.',
    );
  });

  it('exports a user audit log as .xlsx', async () => {
    const r = await t.call('POST', '/api/portal/AuditLogs/GetUserAuditLogsExcel?userId=1', {
      token: admin,
      body: {},
    });
    expect(r.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.rowCount).toBeGreaterThan(2);
  });
});
