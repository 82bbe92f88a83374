import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { operators } from '../../db/schema/index.js';

let t: TestApp;
let admin: string;
let main: string;
let ankara: number;

type Err = { error: string; details?: { field: string; message: string }[] };
type Detail = { id: number; adhocHoldAmount: number };

const merchant = {
  legalName: 'Voltline Şarj A.Ş.',
  taxId: '1234567890',
  iban: 'TR33 0006 1005 1978 6457 8413 26',
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
  const ops = (
    await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token: admin,
    })
  ).body.data;
  ankara = ops.find((o) => o.name === 'Voltline Ankara')?.id ?? 0;
});
afterAll(() => t.close());

const update = (token: string, body: object) =>
  t.call<{ data: Detail } & Err>('PUT', '/api/portal/operator/UpdateOperatorWithMerchantAsync', {
    token,
    body,
  });

describe("an operator's ad-hoc card hold", () => {
  it('is read with the operator, 500.00 unless set, and a new operator may set its own', async () => {
    const read = await t.call<{ data: Detail }>('GET', `/api/portal/operator/${ankara}`, { token: main });
    expect(read.body.data.adhocHoldAmount).toBe(50_000);

    const created = await t.call<{ data: Detail }>(
      'POST',
      '/api/portal/operator/AddOperatorWithMerchantAsync',
      {
        token: main,
        body: { name: 'Hold Branch', parentId: ankara, adhocHoldAmount: 75_000, merchant },
      },
    );
    expect(created.status).toBe(200);
    expect(created.body.data.adhocHoldAmount).toBe(75_000);
  });

  it('is updated, saved in minor units and audited with what it was', async () => {
    const r = await update(main, { id: ankara, adhocHoldAmount: 120_000 });
    expect(r.status).toBe(200);
    expect(r.body.data.adhocHoldAmount).toBe(120_000);
    const [row] = await t.database.db.select().from(operators).where(eq(operators.id, ankara));
    expect(row?.adhocHoldAmount).toBe(120_000);

    // Leaving it out of an update keeps it.
    expect((await update(main, { id: ankara, name: 'Voltline Ankara' })).body.data.adhocHoldAmount).toBe(
      120_000,
    );

    const me = (await t.call<{ data: { id: number } }>('GET', '/api/portal/Auth/me', { token: main })).body
      .data.id;
    const log = await t.call<{ data: { items: { entityId: string; summary: Record<string, unknown> }[] } }>(
      'POST',
      `/api/portal/AuditLogs/GetUserAuditLogsDynamic/${me}?index=0&size=50`,
      { token: admin, body: { entity: 'operator' } },
    );
    const line = log.body.data.items.find(
      (l) => l.entityId === String(ankara) && l.summary.adhocHoldAmount !== undefined,
    );
    expect(line?.summary.adhocHoldAmount).toEqual([50_000, 120_000]);
  });

  it('is refused below 1.00, above 100,000.00 or with fractions, naming the field', async () => {
    for (const adhocHoldAmount of [99, 10_000_001, 500.5]) {
      const r = await update(main, { id: ankara, adhocHoldAmount });
      expect(r.status).toBe(400);
      expect(r.body.details?.map((d) => d.field)).toEqual(['body.adhocHoldAmount']);
      expect(r.body.details?.[0]?.message).toBeTruthy();
    }
    const [row] = await t.database.db.select().from(operators).where(eq(operators.id, ankara));
    expect(row?.adhocHoldAmount).toBe(120_000);
  });
});
