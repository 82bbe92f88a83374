import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ChargePointPublication } from '@voltline/contract';
import { chargePoints, operators, roamingPartners, tariffs } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';

// A charge point's page says whether it is published and to whom (issue #31): İstanbul's charge
// points, partners of İstanbul and of Ankara, open data.

let t: TestApp;
let admin: string;
let istanbul: string;
let ankara: string;
const op: Record<'istanbul' | 'ankara', number> = { istanbul: 0, ankara: 0 };
const cp: Record<string, number> = {};

type Answer = { data: ChargePointPublication; error?: string };
const publication = (id: number, token = istanbul) =>
  t.call<Answer>('GET', `/api/portal/Roaming/chargePoints/${id}`, { token });

async function addChargePoint(
  key: string,
  operatorId: number,
  over: Partial<typeof chargePoints.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(chargePoints)
    .values({
      chargePointId: `PUB-${key}`,
      operatorId,
      name: `Publication ${key}`,
      latitude: 41.0082,
      longitude: 28.9784,
      countryCode: 'TR',
      ...over,
    })
    .returning();
  cp[key] = row!.id;
}

async function addPartner(
  name: string,
  operatorId: number,
  state: string,
  published: number[],
  tariffId?: number,
) {
  await t.database.db.insert(roamingPartners).values({
    operatorId,
    name,
    state,
    direction: 'inbound',
    countryCode: state === 'invited' ? null : 'NL',
    partyId: state === 'invited' ? null : name.slice(0, 3).toUpperCase(),
    publishedOperatorIds: published,
    tariffId: tariffId ?? null,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  const db = t.database.db;
  const ops = await db.select().from(operators);
  op.istanbul = ops.find((o) => o.name === 'Voltline İstanbul')!.id;
  op.ankara = ops.find((o) => o.name === 'Voltline Ankara')!.id;
  const user = await t.call('POST', '/api/portal/user', {
    token: admin,
    body: {
      email: 'ankara.publication@voltline.local',
      name: 'Ankara',
      surname: 'Staff',
      operatorId: op.ankara,
      roles: ['Main Operator'],
      password: 'test-pass-01',
    },
  });
  expect(user.status).toBe(200);
  ankara = await t.login('ankara.publication@voltline.local', 'test-pass-01');
  const root = ops.find((o) => o.parentId === null && o.path === `/${o.id}/`)!;
  const [tariff] = await db.select().from(tariffs).where(eq(tariffs.operatorId, op.istanbul)).limit(1);

  await addChargePoint('live', op.istanbul);
  await addChargePoint('nowhere', op.istanbul, {
    latitude: null,
    longitude: null,
    registrationStatus: 'pending',
  });
  await addChargePoint('ankara', op.ankara);
  await addPartner('Roam İstanbul', op.istanbul, 'registered', [op.istanbul], tariff?.id);
  await addPartner('Invited Hub', root.id, 'invited', [root.id]);
  await addPartner('Gone eMSP', op.istanbul, 'unregistered', [op.istanbul]);
  await addPartner('Ankara Roam', op.ankara, 'registered', [op.ankara]);
});
afterAll(() => t.close());

describe('a charge point’s publication', () => {
  it('lists the live partners its operator (or one above it) is published to, not others nor ended ones', async () => {
    const r = await publication(cp.live!, admin);
    expect(r.status).toBe(200);
    const names = r.body.data.partners.map((p) => p.name).sort();
    expect(names).toEqual(['Invited Hub', 'Roam İstanbul']);
    const roam = r.body.data.partners.find((p) => p.name === 'Roam İstanbul')!;
    expect(roam).toMatchObject({ state: 'registered', countryCode: 'NL', partyId: 'ROA' });
    const [tariff] = await t.database.db
      .select()
      .from(tariffs)
      .where(eq(tariffs.operatorId, op.istanbul))
      .limit(1);
    expect(roam.tariffName).toBe(tariff?.name ?? null);
    expect(r.body.data.partners.find((p) => p.name === 'Invited Hub')).toMatchObject({
      state: 'invited',
      partyId: null,
      tariffName: null,
    });
    expect(r.body.data.missing).toEqual([]);
  });

  it('shows a user only the partners of their reach', async () => {
    const r = await publication(cp.live!);
    expect(r.body.data.partners.map((p) => p.name)).toEqual(['Roam İstanbul']);
  });

  it("names Ankara's partner for Ankara's charge point only", async () => {
    const r = await publication(cp.ankara!, ankara);
    expect(r.status).toBe(200);
    expect(r.body.data.partners.map((p) => p.name)).toEqual(['Ankara Roam']);
  });

  it('reports open data once the operator publishes it', async () => {
    expect((await publication(cp.live!)).body.data.openData).toBe(false);
    await t.database.db.update(operators).set({ publishOpenData: true }).where(eq(operators.id, op.istanbul));
    try {
      expect((await publication(cp.live!)).body.data.openData).toBe(true);
      expect((await publication(cp.ankara!, ankara)).body.data.openData).toBe(false);
    } finally {
      await t.database.db
        .update(operators)
        .set({ publishOpenData: false })
        .where(eq(operators.id, op.istanbul));
    }
  });

  it('names what keeps a charge point from being published', async () => {
    const r = await publication(cp.nowhere!);
    expect(r.body.data.missing).toEqual(['notAccepted', 'noCoordinates']);
    await t.database.db
      .update(chargePoints)
      .set({ archivedAt: new Date() })
      .where(eq(chargePoints.id, cp.live!));
    try {
      expect((await publication(cp.live!)).body.data.missing).toEqual(['archived']);
    } finally {
      await t.database.db.update(chargePoints).set({ archivedAt: null }).where(eq(chargePoints.id, cp.live!));
    }
  });

  it("is not found for a user of Ankara asking of İstanbul's charge point, nor for an unknown one", async () => {
    const r = await publication(cp.live!, ankara);
    expect(r.status).toBe(404);
    expect((await publication(999_999)).status).toBe(404);
  });
});
