import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { registerChargePoint } from '../../../test/ocpp-helper.js';
import { chargePoints, operators } from '../../db/schema/index.js';

let t: TestApp;
let admin: string;
let main: string;
let istanbul: string;
let finance: string;
let ops: { id: number; name: string }[];

type Err = { error: string; code?: string; details?: { field: string; message: string }[] };
type Node = { id: number; name: string; parentName: string | null; subOperators?: Node[] };
type Detail = {
  id: number;
  name: string;
  parentId: number | null;
  heartbeatInterval: number;
  prepaid: boolean;
  minBalance: number;
  archived: boolean;
  merchant: { legalName: string; iban: string; taxId: string } | null;
};

const merchant = {
  legalName: 'Voltline Şarj A.Ş.',
  taxId: '1234567890',
  iban: 'tr33 0006 1005 1978 6457 8413 26',
  addressLine1: 'Levent Mah. 1',
  city: 'İstanbul',
  country: 'TR',
  contactName: 'Deniz Çelik',
  contactEmail: 'billing@voltline.local',
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@voltline.local');
  main = await t.login('main@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  finance = await t.login('finance@voltline.local');
  ops = (
    await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token: admin,
    })
  ).body.data;
});
afterAll(() => t.close());

const opId = (name: string) => ops.find((o) => o.name === name)?.id ?? 0;

const add = (token: string, body: object) =>
  t.call<{ data: Detail; message: string } & Err>(
    'POST',
    '/api/portal/operator/AddOperatorWithMerchantAsync',
    {
      token,
      body: { merchant, ...body },
    },
  );
const update = (token: string, body: object) =>
  t.call<{ data: Detail } & Err>('PUT', '/api/portal/operator/UpdateOperatorWithMerchantAsync', {
    token,
    body,
  });
const tree = async (token: string) =>
  (await t.call<{ data: Node[] }>('GET', '/api/portal/operator/suboperators', { token })).body.data;

describe('operator tree', () => {
  it("shows the caller's tree nested, without empty subOperators lists", async () => {
    const all = await tree(main);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ name: 'Voltline Demo Network', parentName: null });
    expect(all[0]?.subOperators?.map((o) => [o.name, o.parentName])).toEqual([
      ['Voltline İstanbul', 'Voltline Demo Network'],
      ['Voltline Ankara', 'Voltline Demo Network'],
    ]);
    expect(all[0]?.subOperators?.[0]).not.toHaveProperty('subOperators');

    const mine = await tree(istanbul);
    expect(mine.map((o) => o.name)).toEqual(['Voltline İstanbul']);
    expect(mine[0]).not.toHaveProperty('subOperators');
  });

  it("never shows İstanbul's Main Operator a sibling operator", async () => {
    const ankara = opId('Voltline Ankara');
    expect((await t.call('GET', `/api/portal/operator/${ankara}`, { token: istanbul })).status).toBe(404);
    expect((await update(istanbul, { id: ankara, name: 'Mine now' })).status).toBe(404);
    expect(
      (await t.call('PUT', `/api/portal/Operator/ArchiveOperator/${ankara}`, { token: istanbul })).status,
    ).toBe(404);
    expect(
      (
        await t.call('PUT', `/api/portal/Operator/UnarchiveOperator?operatorId=${ankara}`, {
          token: istanbul,
        })
      ).status,
    ).toBe(404);
    const root = opId('Voltline Demo Network');
    expect((await t.call('GET', `/api/portal/operator/${root}`, { token: istanbul })).status).toBe(404);
    const own = await t.call<{ data: Detail }>('GET', `/api/portal/operator/${opId('Voltline İstanbul')}`, {
      token: istanbul,
    });
    expect(own.body.data).toMatchObject({
      name: 'Voltline İstanbul',
      prepaid: true,
      minBalance: 5000,
      // The demo saves its operators with a merchant, as the portal does.
      merchant: expect.objectContaining({ legalName: 'Voltline İstanbul Şarj A.Ş.' }) as unknown,
    });
  });
});

describe('add and update with merchant', () => {
  it('creates a sub-operator with its merchant in one go, under the caller only', async () => {
    const created = await add(istanbul, {
      name: 'Kadıköy Charging',
      parentId: opId('Voltline İstanbul'),
      email: 'kadikoy@voltline.local',
      heartbeatInterval: 120,
      prepaid: true,
      minBalance: 2000,
      role: 'CPO',
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Operator created.');
    expect(created.body.data).toMatchObject({
      name: 'Kadıköy Charging',
      heartbeatInterval: 120,
      merchant: { legalName: 'Voltline Şarj A.Ş.', iban: 'TR330006100519786457841326', taxId: '1234567890' },
    });
    const mine = await tree(istanbul);
    expect(mine[0]?.subOperators?.map((o) => o.name)).toEqual(['Kadıköy Charging']);

    const sibling = await add(istanbul, { name: 'Sneaky', parentId: opId('Voltline Ankara') });
    expect(sibling.status).toBe(400);
    expect(sibling.body.details).toEqual([
      { field: 'body.parentId', message: 'You can only place operators below your own operator.' },
    ]);
    const top = await add(main, { name: 'Rival Network', parentId: null });
    expect(top.status).toBe(400);
    expect(top.body.error).toBe('Only an Admin can create a top-level operator.');
    expect((await add(admin, { name: 'Second Network', parentId: null })).status).toBe(200);
  });

  it('validates the merchant: VKN/TCKN check digits, IBAN mod-97, in Turkish too', async () => {
    const r = await t.call<Err>('POST', '/api/portal/operator/AddOperatorWithMerchantAsync', {
      token: admin,
      headers: { 'accept-language': 'tr' },
      body: {
        name: 'Bad Merchant',
        parentId: opId('Voltline Ankara'),
        heartbeatInterval: 5,
        merchant: { ...merchant, taxId: '1234567891', iban: 'TR33 0006 1005 1978 6457 8413 27' },
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.details?.map((d) => d.field).sort()).toEqual([
      'body.heartbeatInterval',
      'body.merchant.iban',
      'body.merchant.taxId',
    ]);
    expect(r.body.details?.find((d) => d.field === 'body.merchant.iban')?.message).toBe(
      'IBAN geçerli değil.',
    );
    // A sole trader's TCKN is accepted.
    const tckn = await add(admin, {
      name: 'Sole Trader',
      parentId: opId('Voltline Ankara'),
      merchant: { ...merchant, taxId: '10000000146' },
    });
    expect(tckn.status).toBe(200);
    // Nothing is half-saved when the merchant is refused.
    const [bad] = await t.database.db.select().from(operators).where(eq(operators.name, 'Bad Merchant'));
    expect(bad).toBeUndefined();
  });

  it('updates fields and the merchant together; moves stay within reach and never under a descendant', async () => {
    const ankara = opId('Voltline Ankara');
    const r = await update(main, {
      id: ankara,
      heartbeatInterval: 600,
      prepaid: true,
      minBalance: 1000,
      merchant: { ...merchant, legalName: 'Ankara Enerji Ltd.' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      heartbeatInterval: 600,
      prepaid: true,
      minBalance: 1000,
      merchant: { legalName: 'Ankara Enerji Ltd.' },
    });

    const child = await add(main, { name: 'Çankaya', parentId: ankara });
    const grandchild = await add(main, { name: 'Çankaya East', parentId: child.body.data.id });
    const cycle = await update(main, { id: ankara, parentId: grandchild.body.data.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.error).toBe('An operator cannot be moved below itself or one of its sub-operators.');

    // Move Çankaya (with its child) under İstanbul: paths follow, so İstanbul's user now sees both.
    const moved = await update(main, { id: child.body.data.id, parentId: opId('Voltline İstanbul') });
    expect(moved.body.data.parentId).toBe(opId('Voltline İstanbul'));
    const seen = await t.call('GET', `/api/portal/operator/${grandchild.body.data.id}`, { token: istanbul });
    expect(seen.status).toBe(200);
    // İstanbul may not move it back out of reach, nor move its own operator.
    expect((await update(istanbul, { id: child.body.data.id, parentId: ankara })).status).toBe(400);
    const self = await update(istanbul, { id: opId('Voltline İstanbul'), parentId: child.body.data.id });
    expect(self.status).toBe(400);

    // The audit line records the change with the IBAN redacted.
    const me = (await t.call<{ data: { id: number } }>('GET', '/api/portal/Auth/me', { token: main })).body
      .data.id;
    const log = await t.call<{ data: { items: { entityId: string; summary: Record<string, unknown> }[] } }>(
      'POST',
      `/api/portal/AuditLogs/GetUserAuditLogsDynamic/${me}?index=0&size=50`,
      { token: admin, body: { entity: 'operator' } },
    );
    expect(JSON.stringify(log.body)).not.toContain('TR330006100519786457841326');
  });
});

describe('archive', () => {
  it('refuses to archive an operator with active charge points or sub-operators, saying why', async () => {
    const parent = await add(main, { name: 'Busy Branch', parentId: opId('Voltline Demo Network') });
    const child = await add(main, { name: 'Busy Child', parentId: parent.body.data.id });
    await registerChargePoint(t, 'CP-BUSY', null, 'Busy Child');

    const withCp = await t.call<Err>('PUT', `/api/portal/Operator/ArchiveOperator/${child.body.data.id}`, {
      token: main,
    });
    expect(withCp.status).toBe(409);
    expect(withCp.body.error).toBe(
      'The operator still has 1 active charge point(s); archive or move them first.',
    );
    const withChild = await t.call<Err>(
      'PUT',
      `/api/portal/Operator/ArchiveOperator/${parent.body.data.id}`,
      {
        token: main,
      },
    );
    expect(withChild.status).toBe(409);
    expect(withChild.body.error).toBe('The operator still has 1 active sub-operator(s); archive them first.');

    await t.database.db
      .update(chargePoints)
      .set({ archivedAt: new Date() })
      .where(eq(chargePoints.chargePointId, 'CP-BUSY'));
    const ok = await t.call<{ data: Detail; message: string }>(
      'PUT',
      `/api/portal/Operator/ArchiveOperator/${child.body.data.id}`,
      { token: main },
    );
    expect(ok.body).toMatchObject({ data: { archived: true }, message: 'Operator archived.' });
    expect(
      (await t.call('PUT', `/api/portal/Operator/ArchiveOperator/${parent.body.data.id}`, { token: main }))
        .status,
    ).toBe(200);

    const archived = await t.call<{ data: { name: string }[] }>(
      'GET',
      '/api/portal/operator/suboperatorsarchived',
      {
        token: main,
      },
    );
    expect(archived.body.data.map((o) => o.name)).toEqual(['Busy Branch', 'Busy Child']);
    expect(JSON.stringify(await tree(main))).not.toContain('Busy');

    // A child cannot come back before its parent.
    const early = await t.call<Err>(
      'PUT',
      `/api/portal/Operator/UnarchiveOperator?operatorId=${child.body.data.id}`,
      { token: main },
    );
    expect(early.status).toBe(409);
    for (const id of [parent.body.data.id, child.body.data.id]) {
      const r = await t.call<{ data: Detail }>(
        'PUT',
        `/api/portal/Operator/UnarchiveOperator?operatorId=${id}`,
        {
          token: main,
        },
      );
      expect(r.body.data.archived).toBe(false);
    }
  });

  it("refuses to archive the caller's own operator", async () => {
    const r = await t.call<Err>('PUT', `/api/portal/Operator/ArchiveOperator/${opId('Voltline İstanbul')}`, {
      token: istanbul,
    });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('You cannot archive the operator you belong to.');
  });

  it('lets Finance read operators but not change them', async () => {
    expect((await t.call('GET', '/api/portal/operator/suboperators', { token: finance })).status).toBe(200);
    expect((await update(finance, { id: opId('Voltline Ankara'), name: 'X' })).status).toBe(403);
  });
});
