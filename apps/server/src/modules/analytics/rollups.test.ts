import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { chargingSessions, operators } from '../../db/schema/index.js';
import type { Actor } from '../../lib/context.js';
import { pageSessions } from '../sessions/sessions.query.js';

type Filter = Parameters<typeof pageSessions>[2];
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { registerChargePoint } from '../../../test/ocpp-helper.js';

/*
 * The dashboard reads closed sessions from rollups kept by a database trigger. Whatever happens to
 * sessions (added closed, closed later, re-priced, moved, deleted), its figures must equal a direct
 * count over the sessions themselves, for ranges that do not fall on 15-minute or day boundaries.
 */

let t: TestApp;
let admin: string;
let istanbul: string;
const cps: { id: number; operatorId: number; chargePointId: string }[] = [];

type Row = typeof chargingSessions.$inferSelect;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const origin = Date.UTC(2026, 0, 10, 0, 0); // well in the past: ranges end before now

function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const rnd = random(20261122);
const pick = <T>(list: T[]): T => list[Math.floor(rnd() * list.length)] as T;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  for (const [id, op] of [
    ['ROLL-1', 'Voltline İstanbul'],
    ['ROLL-2', 'Voltline İstanbul'],
    ['ROLL-3', 'Voltline Ankara'],
  ] as const) {
    const cp = await registerChargePoint(t, id, null, op);
    cps.push({ id: cp.id, operatorId: cp.operatorId, chargePointId: id });
  }
});
afterAll(() => t.close());

function randomSession(i: number) {
  const cp = pick(cps);
  const start = new Date(origin + Math.floor(rnd() * 10 * DAY));
  const kind = pick(['completed', 'completed', 'completed', 'active', 'failed', 'backwards']);
  // Up to 30 hours: many cross UTC midnight and a 15-minute boundary.
  const stop = new Date(start.getTime() + Math.floor(rnd() * 30 * HOUR));
  const wh = Math.floor(rnd() * 60_000);
  return {
    chargePointId: cp.id,
    operatorId: cp.operatorId,
    connectorId: 1 + (i % 2),
    idTag: 'ROLL',
    meterStart: i * 100_000,
    lastMeterWh: i * 100_000 + wh,
    startedAt: start,
    stoppedAt:
      kind === 'active' || kind === 'failed'
        ? null
        : kind === 'backwards'
          ? new Date(start.getTime() - 600_000)
          : stop,
    energyWh: kind === 'completed' ? wh : null,
    cost: kind === 'active' ? null : Math.floor(rnd() * 50_000),
    state: kind === 'backwards' ? 'completed' : kind,
  };
}

const energyOf = (s: Row) => s.energyWh ?? Math.max(0, (s.lastMeterWh ?? s.meterStart) - s.meterStart);
const isClosed = (s: Row) => s.stoppedAt !== null && s.state !== 'active';

/** What the dashboard should say, counted directly from the sessions. */
function expected(sessions: Row[], from: number, to: number, operatorIds: number[]) {
  const mine = sessions.filter((s) => operatorIds.includes(s.operatorId));
  const started = mine.filter((s) => s.startedAt.getTime() >= from && s.startedAt.getTime() < to);
  const used = new Map<number, number>();
  for (const s of mine) {
    const start = s.startedAt.getTime();
    const stop = isClosed(s)
      ? Math.min(s.stoppedAt!.getTime(), start + 400 * DAY)
      : (s.stoppedAt?.getTime() ?? Date.now());
    const secs = Math.max(0, Math.min(stop, to) - Math.max(start, from)) / 1000;
    used.set(s.chargePointId, (used.get(s.chargePointId) ?? 0) + secs);
  }
  return {
    sessions: started.length,
    energyWh: started.reduce((a, s) => a + energyOf(s), 0),
    revenue: started.reduce((a, s) => a + (s.cost ?? 0), 0),
    utilisation: Object.fromEntries(
      cps
        .filter((cp) => operatorIds.includes(cp.operatorId))
        .map((cp) => [cp.chargePointId, (used.get(cp.id) ?? 0) / (((to - from) / 1000) * 2)]),
    ),
  };
}

type Dashboard = {
  range: { sessions: number; energyWh: number; revenue: number };
  perDay: { day: string; sessions: number }[];
  utilisation: { top: { chargePointId: string; value: number }[] };
};

/** The list's totals with no date filter and with an end only, against every session stored. */
async function compareUnbounded(label: string) {
  const all = await t.database.db.select().from(chargingSessions);
  const cut = origin + 4 * DAY + 17 * 60_000;
  for (const [body, keep] of [
    [{}, () => true],
    [{ to: new Date(cut).toISOString() }, (s: Row) => s.startedAt.getTime() < cut],
  ] as const) {
    const list = await t.call<{ data: { totals: Dashboard['range'] } }>(
      'POST',
      '/api/portal/Transaction/GetTransactionsDynamic?index=0&size=10',
      { token: admin, body },
    );
    const set = all.filter(keep);
    expect(list.body.data.totals, `${label} ${JSON.stringify(body)}`).toEqual({
      sessions: set.length,
      energyWh: set.reduce((a, x) => a + energyOf(x), 0),
      revenue: set.reduce((a, x) => a + (x.cost ?? 0), 0),
    });
  }
}

async function compare(label: string) {
  await compareUnbounded(label);
  const sessions = await t.database.db
    .select()
    .from(chargingSessions)
    .where(
      inArray(
        chargingSessions.chargePointId,
        cps.map((c) => c.id),
      ),
    );
  const ranges: [number, number][] = [
    [origin - DAY, origin + 12 * DAY], // everything
    [origin + 2 * DAY + 7 * 60_000 + 13_000, origin + 5 * DAY + 11 * HOUR + 1_000], // ragged ends
    [origin + 3 * DAY + 5 * 60_000, origin + 3 * DAY + 9 * 60_000], // inside one bucket
    [origin + 4 * DAY + 23 * HOUR, origin + 5 * DAY + HOUR], // across one midnight, no whole day
    [origin + 6 * DAY, origin + 8 * DAY], // whole days exactly
  ];
  for (const [from, to] of ranges) {
    const q = `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&tz=Asia/Kolkata`;
    const r = await t.call<{ data: Dashboard }>('GET', `/api/portal/analytics?${q}`, { token: admin });
    expect(r.status).toBe(200);
    const want = expected(sessions, from, to, [...new Set(cps.map((c) => c.operatorId))]);
    const where = `${label}, ${new Date(from).toISOString()}…${new Date(to).toISOString()}`;
    // The demo's own sessions are elsewhere in time; only these three charge points are in range.
    expect(r.body.data.range, where).toEqual({
      sessions: want.sessions,
      energyWh: want.energyWh,
      revenue: want.revenue,
    });
    expect(
      r.body.data.perDay.reduce((a, d) => a + d.sessions, 0),
      where,
    ).toBe(want.sessions);
    const got = Object.fromEntries(
      r.body.data.utilisation.top
        .filter((u) => u.chargePointId.startsWith('ROLL-'))
        .map((u) => [u.chargePointId, u.value]),
    );
    for (const [id, value] of Object.entries(want.utilisation)) {
      expect(got[id] ?? 0, `${where} ${id}`).toBeCloseTo(value, 9);
    }

    // The sessions list totals the same set from the same rollups, for every user's reach.
    for (const [token, operatorIds] of [
      [admin, [...new Set(cps.map((c) => c.operatorId))]],
      [istanbul, [cps[0]!.operatorId]],
    ] as const) {
      const list = await t.call<{ data: { total: number; totals: Dashboard['range'] } }>(
        'POST',
        '/api/portal/Transaction/GetTransactionsDynamic?index=0&size=10',
        { token, body: { from: new Date(from).toISOString(), to: new Date(to).toISOString() } },
      );
      const mine = expected(sessions, from, to, [...operatorIds]);
      expect(list.body.data.totals, where).toEqual({
        sessions: mine.sessions,
        energyWh: mine.energyWh,
        revenue: mine.revenue,
      });
      expect(list.body.data.total, where).toBe(mine.sessions);
    }
  }
}

describe('dashboard and session-list rollups', () => {
  it('agree with the sessions themselves as sessions are added, closed, re-priced, moved and deleted', async () => {
    const db = t.database.db;
    const inserted = await db
      .insert(chargingSessions)
      .values(Array.from({ length: 240 }, (_, i) => randomSession(i)))
      .returning();
    await compare('as inserted');

    // Close the running ones, as StopTransaction and the stale-session sweep do.
    for (const s of inserted.filter((x) => x.state === 'active').slice(0, 20)) {
      await db
        .update(chargingSessions)
        .set({
          state: 'completed',
          stoppedAt: new Date(s.startedAt.getTime() + 5 * HOUR),
          energyWh: 12_345,
          cost: 999,
        })
        .where(eq(chargingSessions.id, s.id));
    }
    await compare('after closing');

    const done = inserted.filter((x) => x.state === 'completed' && x.stoppedAt);
    // Re-priced, stretched over midnight, moved to the other branch, reopened, deleted.
    for (const s of done.slice(0, 10)) {
      await db.update(chargingSessions).set({ cost: 1 }).where(eq(chargingSessions.id, s.id));
    }
    for (const s of done.slice(10, 15)) {
      await db
        .update(chargingSessions)
        .set({ stoppedAt: new Date(s.startedAt.getTime() + 40 * HOUR) })
        .where(eq(chargingSessions.id, s.id));
    }
    const ankara = cps[2]!;
    for (const s of done.slice(15, 20)) {
      await db
        .update(chargingSessions)
        .set({ chargePointId: ankara.id, operatorId: ankara.operatorId })
        .where(eq(chargingSessions.id, s.id));
    }
    for (const s of done.slice(20, 25)) {
      await db.update(chargingSessions).set({ state: 'active' }).where(eq(chargingSessions.id, s.id));
    }
    await db.delete(chargingSessions).where(
      inArray(
        chargingSessions.id,
        done.slice(25, 40).map((s) => s.id),
      ),
    );
    // A change the rollups do not carry (the driver) leaves them as they are.
    await db.update(chargingSessions).set({ idTag: 'OTHER' }).where(eq(chargingSessions.idTag, 'ROLL'));
    await compare('after changes');
  });
});

describe('deep pages of the session list', () => {
  it('start at the bucket the rollups point to and hold the same rows as walking every row', async () => {
    const [op] = await t.database.db
      .select({ path: operators.path })
      .from(operators)
      .where(eq(operators.id, cps[0]!.operatorId));
    const admins = { isAdmin: true } as Actor;
    const reach = { isAdmin: false, operatorPath: op!.path } as Actor;
    const filters: Filter[] = [
      { sortOrder: 'desc' },
      { sortOrder: 'asc' },
      { sortOrder: 'desc', operatorId: cps[2]!.operatorId },
      {
        sortOrder: 'asc',
        from: new Date(origin + DAY + 7 * 60_000).toISOString(),
        to: new Date(origin + 8 * DAY + 3 * 60_000).toISOString(),
      },
    ];
    for (const who of [admins, reach]) {
      for (const f of filters) {
        for (const offset of [0, 1, 37, 90, 150, 199, 230, 5_000]) {
          const walked = await pageSessions(t.database.db, who, f, offset, 7, Infinity);
          const skipped = await pageSessions(t.database.db, who, f, offset, 7, 0);
          expect(
            skipped.map((r) => r.s.id),
            `${JSON.stringify(f)} offset ${offset} admin ${who.isAdmin}`,
          ).toEqual(walked.map((r) => r.s.id));
        }
      }
    }
  });
});
