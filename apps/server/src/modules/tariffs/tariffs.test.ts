import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { componentsFromLegacy, type TariffComponentsInput } from '@voltline/contract';
import { auditLogs, tariffs } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let admin: string;
let istanbul: string;
let ops: { id: number; name: string }[];

type Err = { error: string; details?: { field: string; message: string }[] };
type TariffOut = {
  id: number;
  pricePerKwh: number;
  components: { elements: unknown[] };
  vatRate: number;
  pricesIncludeVat: boolean;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  ops = (
    await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token: admin,
    })
  ).body.data;
});
afterAll(() => t.close());

const opId = (name: string) => ops.find((o) => o.name === name)?.id ?? 0;
const legacy = () => ({
  name: `Tariff ${Math.random().toString(36).slice(2, 8)}`,
  operatorId: opId('Voltline İstanbul'),
  type: 'AC',
  paymentType: 'Prepaid',
  pricePerKwh: 850,
  limitKwh: 20,
  overLimitPricePerKwh: 1_200,
  fixedPrice: 500,
});
const timeOfDay: TariffComponentsInput = {
  elements: [
    {
      priceComponents: [{ type: 'ENERGY', price: 400 }],
      restrictions: { startTime: '22:00', endTime: '06:00' },
    },
    {
      priceComponents: [
        { type: 'ENERGY', price: 900 },
        { type: 'PARKING_TIME', price: 1_200, graceMinutes: 15 },
      ],
    },
  ],
};

describe('tariff components through the API', () => {
  it('derives the components of a tariff given with the old fields only, and shows the VAT terms', async () => {
    const r = await t.call<{ data: TariffOut }>('POST', '/api/portal/tariff', {
      token: admin,
      body: legacy(),
    });
    expect(r.status).toBe(200);
    expect(r.body.data.components).toEqual({
      elements: [
        { priceComponents: [{ type: 'FLAT', price: 500, stepSize: 1 }] },
        { priceComponents: [{ type: 'ENERGY', price: 850, stepSize: 1 }], restrictions: { maxKwh: 20 } },
        { priceComponents: [{ type: 'ENERGY', price: 1_200, stepSize: 1 }] },
      ],
    });
    expect(r.body.data).toMatchObject({ vatRate: 2000, pricesIncludeVat: true });
  });

  it('stores the components given, returns them, and audits the change', async () => {
    const r = await t.call<{ data: TariffOut }>('POST', '/api/portal/tariff', {
      token: istanbul,
      body: { ...legacy(), components: timeOfDay },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.components.elements).toHaveLength(2);
    const read = await t.call<{ data: TariffOut }>('GET', `/api/portal/tariff/${r.body.data.id}`, {
      token: istanbul,
    });
    expect(read.body.data.components).toEqual(r.body.data.components);

    // A new price in an old field would show and bill nothing: refused, in words, in both
    // languages; the same values again (as a form sends them) change nothing and pass.
    const upd = await t.call<{ error: string; details: { field: string }[] }>('PUT', '/api/portal/tariff', {
      token: istanbul,
      body: { id: r.body.data.id, pricePerKwh: 999 },
    });
    expect(upd.status).toBe(400);
    expect(upd.body.error).toBe(
      'This tariff is priced by its own components: change the price in its components, not in the per kWh, limit or fixed fields.',
    );
    expect(upd.body.details[0]?.field).toBe('body.pricePerKwh');
    const inTurkish = await t.call<{ error: string }>('PUT', '/api/portal/tariff', {
      token: istanbul,
      headers: { 'accept-language': 'tr' },
      body: { id: r.body.data.id, fixedPrice: 1 },
    });
    expect(inTurkish.body.error).toContain('kendi bileşenleriyle fiyatlandırılıyor');
    const same = await t.call<{ data: TariffOut }>('PUT', '/api/portal/tariff', {
      token: istanbul,
      body: { id: r.body.data.id, pricePerKwh: r.body.data.pricePerKwh, name: 'Renamed' },
    });
    expect(same.status).toBe(200);
    expect(same.body.data.components).toEqual(r.body.data.components);

    const flat = { elements: [{ priceComponents: [{ type: 'FLAT', price: 1_000 }] }] };
    const set = await t.call<{ data: TariffOut }>('PUT', '/api/portal/tariff', {
      token: istanbul,
      body: { id: r.body.data.id, components: flat },
    });
    expect(set.body.data.components).toEqual({
      elements: [{ priceComponents: [{ type: 'FLAT', price: 1_000, stepSize: 1 }] }],
    });
    const [line] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'tariff'), eq(auditLogs.entityId, String(r.body.data.id))))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(JSON.stringify(line?.summary)).toContain('FLAT');
  });

  it('re-derives the components of a tariff that follows its old fields when they change', async () => {
    const r = await t.call<{ data: TariffOut }>('POST', '/api/portal/tariff', {
      token: admin,
      body: legacy(),
    });
    const upd = await t.call<{ data: TariffOut }>('PUT', '/api/portal/tariff', {
      token: admin,
      body: { id: r.body.data.id, limitKwh: null, pricePerKwh: 700, fixedPrice: 0 },
    });
    expect(upd.body.data.components).toEqual({
      elements: [{ priceComponents: [{ type: 'ENERGY', price: 700, stepSize: 1 }] }],
    });
  });

  it('refuses bad components with messages in English and Turkish', async () => {
    const bad = {
      elements: [
        {
          priceComponents: [{ type: 'ENERGY', price: 1.5 }],
          restrictions: { startTime: '25:00', minKwh: 10, maxKwh: 5 },
        },
      ],
    };
    const en = await t.call<Err>('POST', '/api/portal/tariff', {
      token: admin,
      body: { ...legacy(), components: bad },
    });
    expect(en.status).toBe(400);
    expect(en.body.details).toEqual(
      expect.arrayContaining([
        {
          field: 'body.components.elements.0.priceComponents.0.price',
          message: 'A price is a whole number of minor units (kuruş, cents) from 0 to 100 000 000.',
        },
        {
          field: 'body.components.elements.0.restrictions.startTime',
          message: 'Write a time of day as HH:MM (00:00 to 23:59).',
        },
      ]),
    );
    const tr = await t.call<Err>('POST', '/api/portal/tariff', {
      token: admin,
      headers: { 'accept-language': 'tr' },
      body: { ...legacy(), components: { elements: [{ priceComponents: [] }] } },
    });
    expect(tr.body.details).toEqual([
      {
        field: 'body.components.elements.0.priceComponents',
        message: 'Her tarife öğesinin en az bir fiyat bileşeni olmalı.',
      },
    ]);
  });

  it('keeps tariffs out of reach hidden from a branch, components or not', async () => {
    const r = await t.call<{ data: TariffOut }>('POST', '/api/portal/tariff', {
      token: admin,
      body: { ...legacy(), operatorId: opId('Voltline Ankara'), components: timeOfDay },
    });
    expect(r.status).toBe(200);
    const put = await t.call('PUT', '/api/portal/tariff', {
      token: istanbul,
      body: { id: r.body.data.id, components: { elements: [] } },
    });
    expect(put.status).toBe(404);
  });

  it('migration 0037 converts every old kind to the components the contract derives', async () => {
    const db = t.database.db;
    const kinds = [
      { paymentType: 'Prepaid', pricePerKwh: 850, limitKwh: null, overLimitPricePerKwh: null, fixedPrice: 0 },
      {
        paymentType: 'Postpaid',
        pricePerKwh: 850,
        limitKwh: 20.5,
        overLimitPricePerKwh: 1_200,
        fixedPrice: 0,
      },
      {
        paymentType: 'Prepaid',
        pricePerKwh: 0,
        limitKwh: null,
        overLimitPricePerKwh: null,
        fixedPrice: 1_500,
      },
      { paymentType: 'Free', pricePerKwh: 850, limitKwh: null, overLimitPricePerKwh: null, fixedPrice: 300 },
      {
        paymentType: 'Postpaid',
        pricePerKwh: 600,
        limitKwh: 0.1,
        overLimitPricePerKwh: null,
        fixedPrice: 250,
      },
    ];
    const ids: number[] = [];
    for (const k of kinds) {
      const [row] = await db
        .insert(tariffs)
        .values({ ...k, operatorId: opId('Voltline İstanbul'), name: 'legacy', type: 'AC' })
        .returning({ id: tariffs.id });
      ids.push(row!.id);
    }
    const file = readFileSync(
      new URL('../../../drizzle/0037_tariff_components.sql', import.meta.url),
      'utf8',
    );
    const update = file.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "tariffs"'))!;
    await db.execute(
      sql.raw(update.replace(/^--.*$/gm, '').replace('END;', `END WHERE "components" IS NULL;`)),
    );
    for (const [i, k] of kinds.entries()) {
      const [row] = await db.select().from(tariffs).where(eq(tariffs.id, ids[i]!));
      expect(row?.components).toEqual(componentsFromLegacy(k as Parameters<typeof componentsFromLegacy>[0]));
    }
  });
});
