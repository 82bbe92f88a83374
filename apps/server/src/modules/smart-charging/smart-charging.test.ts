import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CompositeScheduleResult, GroupPowerSample, Page, SmartChargingGroup } from '@voltline/contract';
import { auditLogs, operators, smartChargingSamples } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { registerChargePoint } from '../../../test/ocpp-helper.js';

// The group calls as staff use them: who may, whose chargers, what a mistake answers.

let t: TestApp;
let admin: string;
let istanbul: string;
let support: string;
let finance: string;
const op: Record<string, number> = {};
type Answer<T> = { data: T; message?: string; error?: string; code?: string; details?: { field: string }[] };

const BASE = '/api/portal/SmartCharging';
const body = (extra: Record<string, unknown> = {}) => ({
  name: 'Depot grid connection',
  operatorId: op.istanbul,
  chargingRateUnit: 'A',
  mode: 'equal',
  maxPower: 63,
  minPerSession: 6,
  schedule: [{ from: '17:00', limit: 40 }],
  timeZone: 'Europe/Istanbul',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, name] of [
    ['istanbul', 'Voltline İstanbul'],
    ['ankara', 'Voltline Ankara'],
  ] as const) {
    const [row] = await t.database.db
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.name, name));
    op[key] = row!.id;
  }
  await registerChargePoint(t, 'IST-G1', null);
  await registerChargePoint(t, 'IST-G2', null);
  await registerChargePoint(t, 'IST-G3', null);
  await registerChargePoint(t, 'ANK-G1', null, 'Voltline Ankara');
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  support = await t.login('support@voltline.local');
  finance = await t.login('finance@voltline.local');
});
afterAll(() => t.close());

describe('smart-charging groups', () => {
  let id: number;

  it('creates a group with its charge points, audits it, and shows it in the list and by id', async () => {
    const r = await t.call<Answer<SmartChargingGroup>>('POST', BASE, {
      token: istanbul,
      body: body({ chargePointIds: ['IST-G1', 'ist-g2'] }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    id = r.body.data.id;
    expect(r.body.data).toMatchObject({
      name: 'Depot grid connection',
      operatorName: 'Voltline İstanbul',
      chargePointIds: ['IST-G1', 'IST-G2'],
      chargePointCount: 2,
      activeSessions: 0,
      phases: 3,
    });
    expect([40, 63]).toContain(r.body.data.currentLimit);
    const audited = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'smartChargingGroup'), eq(auditLogs.entityId, String(id))));
    expect(audited.map((a) => a.action)).toEqual(['create']);

    const list = await t.call<Answer<Page<SmartChargingGroup>>>('GET', `${BASE}?search=depot`, {
      token: support,
    });
    expect(list.body.data.items.map((g) => g.id)).toContain(id);
    const one = await t.call<Answer<SmartChargingGroup>>('GET', `${BASE}/${id}`, { token: support });
    expect(one.body.data.chargePointIds).toEqual(['IST-G1', 'IST-G2']);
  });

  it('refuses a charge point that is already in another group with 409, in the user’s language', async () => {
    const r = await t.call<Answer<null>>('POST', BASE, {
      token: istanbul,
      body: body({ name: 'Second', chargePointIds: ['IST-G2', 'IST-G3'] }),
      headers: { 'accept-language': 'tr' },
    });
    expect(r.status).toBe(409);
    expect(r.body.error).toContain('IST-G2 (Depot grid connection)');
    expect(r.body.error).toContain('yalnızca bir akıllı şarj grubunda');
    const en = await t.call<Answer<null>>('POST', `${BASE}/AddChargePointsToGroup`, {
      token: istanbul,
      body: { groupId: id + 0, chargePointIds: ['IST-G3'] },
    });
    expect(en.status).toBe(200);
    const other = await t.call<Answer<SmartChargingGroup>>('POST', BASE, {
      token: istanbul,
      body: body({ name: 'Other' }),
    });
    const moved = await t.call<Answer<null>>('POST', `${BASE}/AddChargePointsToGroup`, {
      token: istanbul,
      body: { groupId: other.body.data.id, chargePointIds: ['IST-G3'] },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error).toContain('only one smart-charging group');
  });

  it('keeps another operator’s charge points and groups out of reach', async () => {
    const foreign = await t.call<Answer<null>>('POST', `${BASE}/AddChargePointsToGroup`, {
      token: istanbul,
      body: { groupId: id, chargePointIds: ['ANK-G1'] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details?.[0]?.field).toBe('body.chargePointIds');
    // Admin reaches both, but a group takes only its own operator's subtree.
    const mixed = await t.call<Answer<null>>('POST', `${BASE}/AddChargePointsToGroup`, {
      token: admin,
      body: { groupId: id, chargePointIds: ['ANK-G1'] },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error).toContain('ANK-G1');
    const otherOperator = await t.call<Answer<null>>('POST', BASE, {
      token: istanbul,
      body: body({ operatorId: op.ankara }),
    });
    expect(otherOperator.status).toBe(400);
    const ank = await t.call<Answer<SmartChargingGroup>>('POST', BASE, {
      token: admin,
      body: body({ name: 'Ankara yard', operatorId: op.ankara, chargePointIds: ['ANK-G1'] }),
    });
    expect(ank.status).toBe(200);
    const ankId = ank.body.data.id;
    for (const url of [
      `${BASE}/${ankId}`,
      `${BASE}/SmartChargeGroupDetail/${ankId}`,
      `${BASE}/${ankId}/power`,
    ]) {
      const r = await t.call('GET', url, { token: istanbul });
      expect(r.status, url).toBe(404);
    }
    const list = await t.call<Answer<Page<SmartChargingGroup>>>('GET', BASE, { token: istanbul });
    expect(list.body.data.items.map((g) => g.name)).not.toContain('Ankara yard');
    const all = await t.call<Answer<Page<SmartChargingGroup>>>('GET', BASE, { token: admin });
    expect(all.body.data.items.map((g) => g.name)).toContain('Ankara yard');
  });

  it('answers 403 to a role without smart charging, and lets Technical Support change groups', async () => {
    expect((await t.call('GET', BASE, { token: finance })).status).toBe(403);
    expect((await t.call('POST', BASE, { token: finance, body: body() })).status).toBe(403);
    const r = await t.call<Answer<SmartChargingGroup>>('PUT', `${BASE}/${id}`, {
      token: support,
      body: body({ maxPower: 50, mode: 'arrival', schedule: [] }),
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ maxPower: 50, mode: 'arrival', currentLimit: 50 });
    const [audited] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'smartChargingGroup'), eq(auditLogs.action, 'update')));
    expect(audited?.summary).toMatchObject({ maxPower: [63, 50], mode: ['equal', 'arrival'] });
  });

  it('answers 400 with the field for bad settings', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ minPerSession: 80 }, 'body.minPerSession'],
      [{ schedule: [{ from: '25:00', limit: 10 }] }, 'body.schedule.0.from'],
      [
        {
          schedule: [
            { from: '08:00', limit: 10 },
            { from: '08:00', limit: 20 },
          ],
        },
        'body.schedule',
      ],
      [{ timeZone: 'Mars/Olympus' }, 'body.timeZone'],
      [{ chargingRateUnit: 'kW' }, 'body.chargingRateUnit'],
    ];
    for (const [extra, field] of cases) {
      const r = await t.call<Answer<null>>('POST', BASE, { token: istanbul, body: body(extra) });
      expect(r.status, field).toBe(400);
      expect(
        r.body.details?.map((d) => d.field),
        field,
      ).toContain(field);
    }
  });

  it('shows the detail per connector, the power samples and composite schedules of offline chargers', async () => {
    const d = await t.call<Answer<{ allocations: { chargePointId: string; state: string | null }[] }>>(
      'GET',
      `${BASE}/SmartChargeGroupDetail/${id}`,
      { token: support },
    );
    expect(d.status).toBe(200);
    // Three chargers with two connectors each, none connected.
    expect(d.body.data.allocations).toHaveLength(6);
    await t.database.db.insert(smartChargingSamples).values({
      groupId: id,
      at: new Date(Date.now() - 60_000),
      limitW: 34_500,
      allocatedW: 20_000,
      measuredW: 18_000,
    });
    const p = await t.call<Answer<GroupPowerSample[]>>('GET', `${BASE}/${id}/power`, { token: support });
    // The one put in, and the balancer's own (nothing charging; offline chargers counted at their maximum).
    expect(p.body.data, JSON.stringify(p.body.data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ limitW: 34_500, measuredW: 18_000 }),
        expect.objectContaining({ allocatedW: 4 * 32 * 690, measuredW: 0 }),
      ]),
    );
    const bad = await t.call<Answer<null>>(
      'GET',
      `${BASE}/${id}/power?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z`,
      { token: support },
    );
    expect(bad.status).toBe(400);
    const c = await t.call<Answer<CompositeScheduleResult[]>>('POST', `${BASE}/${id}/compositeSchedules`, {
      token: support,
      body: { duration: 600 },
    });
    expect(c.status).toBe(200);
    expect(c.body.data).toHaveLength(6);
    expect(c.body.data.every((x) => x.status === 'offline' && x.schedule === null)).toBe(true);
  });

  it('removes charge points and deletes the group, audited', async () => {
    const r = await t.call<Answer<SmartChargingGroup>>('POST', `${BASE}/RemoveChargePointsFromGroup`, {
      token: istanbul,
      body: { groupId: id, chargePointIds: ['IST-G1'] },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.chargePointIds).toEqual(['IST-G2', 'IST-G3']);
    const again = await t.call<Answer<null>>('POST', `${BASE}/RemoveChargePointsFromGroup`, {
      token: istanbul,
      body: { groupId: id, chargePointIds: ['IST-G1'] },
    });
    expect(again.status).toBe(400);
    const del = await t.call('DELETE', `${BASE}/${id}`, { token: istanbul });
    expect(del.status).toBe(200);
    expect((await t.call('GET', `${BASE}/${id}`, { token: istanbul })).status).toBe(404);
    // The charge points are free to join another group.
    const next = await t.call<Answer<SmartChargingGroup>>('POST', BASE, {
      token: istanbul,
      body: body({ name: 'After', chargePointIds: ['IST-G1', 'IST-G2'] }),
    });
    expect(next.status).toBe(200);
    const actions = await t.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'smartChargingGroup'), eq(auditLogs.entityId, String(id))));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['create', 'addChargePoints', 'update', 'removeChargePoints', 'delete']),
    );
  });
});
