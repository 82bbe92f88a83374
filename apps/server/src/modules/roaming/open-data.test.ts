import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { chargePoints, connectors, operators, tariffs } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import type { Location, Tariff } from './ocpi-objects/types.js';

// Open data (AFIR Art. 20): a publishing operator "Open Net" with a sub-operator "Open Sub", and
// "Closed Net" that does not publish. The demo network publishes nothing.

let t: TestApp;
let open: number;
let sub: number;
let closed: number;
const cpIds: Record<string, number> = {};
let subTariff: number;
let closedTariff: number;

type Err = { error: string };
const get = <T>(url: string, headers: Record<string, string> = {}) => t.call<T>('GET', url, { headers });

async function addOperator(name: string, parent: { id: number; path: string } | null, publish: boolean) {
  const db = t.database.db;
  const [op] = await db
    .insert(operators)
    .values({
      name,
      parentId: parent?.id ?? null,
      publishOpenData: publish,
      pricesIncludeVat: false,
      vatRate: 2000,
    })
    .returning();
  const path = `${parent?.path ?? '/'}${op!.id}/`;
  await db.update(operators).set({ path }).where(eq(operators.id, op!.id));
  return { id: op!.id, path };
}

async function addChargePoint(
  key: string,
  operatorId: number,
  updatedAt: string,
  over: Partial<typeof chargePoints.$inferInsert> = {},
  tariffId: number | null = null,
) {
  const db = t.database.db;
  const [cp] = await db
    .insert(chargePoints)
    .values({
      chargePointId: `OD-${key}`,
      operatorId,
      name: `Open data ${key}`,
      latitude: 41.0082,
      longitude: 28.9784,
      addressLine1: 'Rıhtım Cd. 1',
      city: 'İstanbul',
      countryCode: 'TR',
      connected: true,
      updatedAt: new Date(updatedAt),
      createdAt: new Date(updatedAt),
      ...over,
    })
    .returning();
  await db.insert(connectors).values({
    chargePointId: cp!.id,
    connectorId: 1,
    connectorType: 'CCS2',
    maximumPower: 120000,
    status: 'Available',
    tariffId,
    createdAt: new Date(updatedAt),
  });
  cpIds[key] = cp!.id;
  return cp!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const o = await addOperator('Open Net', null, true);
  const s = await addOperator('Open Sub', o, false);
  const c = await addOperator('Closed Net', null, false);
  open = o.id;
  sub = s.id;
  closed = c.id;
  const [tf] = await db
    .insert(tariffs)
    .values({
      operatorId: sub,
      name: 'Sub DC',
      type: 'DC',
      paymentType: 'Postpaid',
      currency: 'TRY',
      pricePerKwh: 1200,
      components: { elements: [{ priceComponents: [{ type: 'ENERGY', price: 1200, stepSize: 1 }] }] },
      updatedAt: new Date('2026-05-01T00:00:00Z'),
    })
    .returning();
  subTariff = tf!.id;
  const [ct] = await db
    .insert(tariffs)
    .values({ operatorId: closed, name: 'Closed', type: 'AC', paymentType: 'Postpaid', pricePerKwh: 900 })
    .returning();
  closedTariff = ct!.id;
  await addChargePoint('A', open, '2026-01-01T00:00:00Z');
  await addChargePoint('B', sub, '2026-02-01T00:00:00Z', {}, subTariff);
  await addChargePoint('C', open, '2026-03-01T00:00:00Z');
  await addChargePoint('X', closed, '2026-01-15T00:00:00Z', {}, closedTariff);
  // Published operators, yet not published: pending, archived, without coordinates.
  await addChargePoint('P', open, '2026-01-10T00:00:00Z', { registrationStatus: 'pending' });
  await addChargePoint('R', open, '2026-01-11T00:00:00Z', { archivedAt: new Date('2026-01-12T00:00:00Z') });
  await addChargePoint('N', open, '2026-01-13T00:00:00Z', { latitude: null, longitude: null });
});

afterAll(() => t?.close());

describe('open data (AFIR Art. 20)', () => {
  it('lists, without signing in, the locations of publishing operators and their sub-operators only', async () => {
    const r = await get<Location[]>('/api/public/locations');
    expect(r.status).toBe(200);
    expect(r.body.map((l) => l.id)).toEqual([String(cpIds.A), String(cpIds.B), String(cpIds.C)]);
    expect(r.res.headers['x-total-count']).toBe('3');
    const b = r.body[1]!;
    expect(b).toMatchObject({ country_code: 'TR', party_id: 'VLT', country: 'TUR', publish: true });
    expect(b.coordinates).toEqual({ latitude: '41.0082000', longitude: '28.9784000' });
    expect(b.evses![0]!.connectors[0]).toMatchObject({
      standard: 'IEC_62196_T2_COMBO',
      tariff_ids: [String(subTariff)],
    });
    expect(b.operator).toEqual({ name: 'Open Sub' });
  });

  it('pages with X-Total-Count, X-Limit and a Link to the next page', async () => {
    const first = await get<Location[]>('/api/public/locations?limit=2');
    expect(first.body).toHaveLength(2);
    expect(first.res.headers['x-total-count']).toBe('3');
    expect(first.res.headers['x-limit']).toBe('2');
    const link = String(first.res.headers.link);
    expect(link).toMatch(/^<http:\/\/voltline\.test\/api\/public\/locations\?.*offset=2.*>; rel="next"$/);
    const next = new URL(link.slice(1, link.indexOf('>')));
    const second = await get<Location[]>(`${next.pathname}${next.search}`);
    expect(second.body.map((l) => l.id)).toEqual([String(cpIds.C)]);
    expect(second.res.headers.link).toBeUndefined();
    const capped = await get<Location[]>('/api/public/locations?limit=5000');
    expect(capped.res.headers['x-limit']).toBe('100');
  });

  it('filters on last_updated: date_from inclusive, date_to exclusive', async () => {
    const r = await get<Location[]>(
      '/api/public/locations?date_from=2026-02-01T00:00:00Z&date_to=2026-03-01T00:00:00Z',
    );
    expect(r.body.map((l) => l.id)).toEqual([String(cpIds.B)]);
    expect(r.res.headers['x-total-count']).toBe('1');
    const bad = await get<Err>('/api/public/locations?date_from=yesterday');
    expect(bad.status).toBe(400);
  });

  it('answers 304 to a matching If-None-Match or an If-Modified-Since at or after Last-Modified', async () => {
    const r = await get<Location[]>('/api/public/locations');
    const etag = String(r.res.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(r.res.headers['last-modified']).toBe(new Date('2026-03-01T00:00:00Z').toUTCString());
    const same = await get('/api/public/locations', { 'if-none-match': etag });
    expect(same.status).toBe(304);
    expect(same.res.body).toBe('');
    expect((await get('/api/public/locations', { 'if-none-match': '"other"' })).status).toBe(200);
    const since = await get('/api/public/locations', {
      'if-modified-since': 'Sun, 01 Mar 2026 00:00:00 GMT',
    });
    expect(since.status).toBe(304);
    const before = await get('/api/public/locations', {
      'if-modified-since': 'Sat, 28 Feb 2026 23:59:59 GMT',
    });
    expect(before.status).toBe(200);
    // A new change makes the old ETag stale.
    await t.database.db
      .update(chargePoints)
      .set({ updatedAt: new Date('2026-04-01T00:00:00Z') })
      .where(eq(chargePoints.id, cpIds.A!));
    const changed = await get('/api/public/locations', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.res.headers['last-modified']).toBe(new Date('2026-04-01T00:00:00Z').toUTCString());
  });

  it('answers one published location, and 404 in the reader’s language for any other', async () => {
    const one = await get<Location>(`/api/public/locations/${cpIds.B}`);
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(String(cpIds.B));
    expect(one.res.headers.etag).toBeDefined();
    for (const id of [cpIds.X, cpIds.P, cpIds.R, 999999, 'abc']) {
      const r = await get<Err>(`/api/public/locations/${id}`);
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('No published charging location has this id.');
    }
    const tr = await get<Err>(`/api/public/locations/${cpIds.X}`, { 'accept-language': 'tr' });
    expect(tr.body.error).toBe('Bu kimlikle yayımlanmış bir şarj lokasyonu yok.');
  });

  it('lists the tariffs the published connectors bill by, prices excluding VAT', async () => {
    const r = await get<Tariff[]>('/api/public/tariffs');
    expect(r.status).toBe(200);
    expect(r.body.map((x) => x.id)).toEqual([String(subTariff)]);
    expect(r.body[0]!.elements).toEqual([
      { price_components: [{ type: 'ENERGY', price: 12, vat: 20, step_size: 1 }] },
    ]);
    expect(r.res.headers['x-total-count']).toBe('1');
    const later = await get<Tariff[]>('/api/public/tariffs?date_from=2026-05-01T00:00:00.001Z');
    expect(later.body).toEqual([]);
  });

  it('stops publishing an operator that no longer chooses to', async () => {
    await t.database.db.update(operators).set({ publishOpenData: false }).where(eq(operators.id, open));
    expect((await get<Location[]>('/api/public/locations')).body).toEqual([]);
    expect((await get<Tariff[]>('/api/public/tariffs')).body).toEqual([]);
    // The sub-operator may publish on its own.
    await t.database.db.update(operators).set({ publishOpenData: true }).where(eq(operators.id, sub));
    expect((await get<Location[]>('/api/public/locations')).body.map((l) => l.id)).toEqual([String(cpIds.B)]);
    await t.database.db.update(operators).set({ publishOpenData: true }).where(eq(operators.id, open));
  });

  it('saves the choice on the operator form, audited', async () => {
    const admin = await t.login('admin@voltline.local');
    const r = await t.call<{ data: { publishOpenData: boolean } }>(
      'PUT',
      '/api/portal/operator/UpdateOperatorWithMerchantAsync',
      {
        token: admin,
        body: { id: closed, publishOpenData: true },
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.publishOpenData).toBe(true);
    const ids = (await get<Location[]>('/api/public/locations')).body.map((l) => l.id);
    expect(ids).toContain(String(cpIds.X));
    const audit = await t.database.db.execute(
      sql`SELECT summary FROM audit_logs WHERE entity = 'operator' AND entity_id = ${closed} ORDER BY id DESC LIMIT 1`,
    );
    expect(JSON.stringify(audit)).toContain('publishOpenData');
  });

  it('limits each address to 120 requests a minute', async () => {
    const r = await get('/api/public/tariffs');
    expect(r.res.headers['x-ratelimit-limit']).toBe('120');
  });
});
