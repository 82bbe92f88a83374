import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startCharger, type SimCharger, type Vehicle } from '@voltline/simulator';
import type {
  CompositeScheduleResult,
  ConnectorAllocation,
  SmartChargingGroup,
  SmartChargingGroupDetail,
} from '@voltline/contract';
import { chargingProfiles, chargePoints, connectors, operators } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { listen, registerChargePoint, until } from '../../../test/ocpp-helper.js';

// The balancer against simulated chargers: each has one connector, samples its meter every second
// and reports Power.Active.Import. The services' clock is held by the test (schedule boundaries).

const PW = 'charger-secret-sc01';
const clock = manualClock(new Date());
let t: TestApp;
let url: string;
let admin: string;
let operatorId: number;
const sims: SimCharger[] = [];
type Answer<T> = { data: T; message?: string; error?: string };
/** A car that takes all it is given: big battery, 22 kW on board. */
const bigCar = (): Vehicle => ({ capacityWh: 200_000, soc: 10, maxPowerW: 22_000, targetSoc: 100 });

async function charger(
  id: string,
  extra: { rejectChargingProfiles?: boolean; speed?: number; config?: Record<string, string> } = {},
): Promise<SimCharger> {
  const cp = await registerChargePoint(t, id, PW);
  await t.database.db
    .delete(connectors)
    .where(and(eq(connectors.chargePointId, cp.id), eq(connectors.connectorId, 2)));
  const sim = await startCharger({
    url,
    id,
    password: PW,
    connectors: 1,
    config: { MeterValueSampleInterval: '1' },
    ...extra,
  });
  sims.push(sim);
  return sim;
}

async function group(name: string, chargePointIds: string[], extra: Record<string, unknown> = {}) {
  const r = await t.call<Answer<SmartChargingGroup>>('POST', '/api/portal/SmartCharging', {
    token: admin,
    body: {
      name,
      operatorId,
      chargingRateUnit: 'A',
      mode: 'equal',
      maxPower: 32,
      minPerSession: 6,
      chargePointIds,
      ...extra,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id;
}

const detail = async (id: number) =>
  (
    await t.call<Answer<SmartChargingGroupDetail>>(
      'GET',
      `/api/portal/SmartCharging/SmartChargeGroupDetail/${id}`,
      {
        token: admin,
      },
    )
  ).body.data;
/** Polls the detail until `done` holds; on time-out the error shows the last allocation seen. */
async function reach(id: number, done: (a: Map<string, ConnectorAllocation>) => boolean, timeoutMs?: number) {
  let last: SmartChargingGroupDetail | undefined;
  try {
    return await until(async () => {
      last = await detail(id);
      const byCp = new Map(last.allocations.map((a) => [a.chargePointId, a]));
      return done(byCp) ? last : null;
    }, timeoutMs);
  } catch {
    const seen = last?.allocations.map((a) => [
      a.chargePointId,
      a.state,
      a.limit,
      a.reserved,
      a.detail,
      a.sessionId,
    ]);
    throw new Error(`allocation not reached: ${JSON.stringify(seen)}`);
  }
}
const near = (v: number | null | undefined, want: number) =>
  v !== null && v !== undefined && Math.abs(v - want) < 0.3;
const accepted = (a: ConnectorAllocation | undefined, want: number) =>
  a?.state === 'Accepted' && near(a.limit, want);

/** The limit the simulated charger applies to connector 1's session now, in W. */
function appliedW(sim: SimCharger): number {
  const tx = sim.connector(1)!.transaction!;
  return sim.profiles.limitW(1, new Date(), tx.startedAt, tx.id);
}

/** The balancer's profiles (stack level 5) the charger's profile list shows. */
async function listedProfiles(cpId: string) {
  return t.database.db
    .select({ profileId: chargingProfiles.profileId, purpose: chargingProfiles.purpose })
    .from(chargingProfiles)
    .innerJoin(chargePoints, eq(chargePoints.id, chargingProfiles.chargePointId))
    .where(and(eq(chargePoints.chargePointId, cpId), eq(chargingProfiles.stackLevel, 5)));
}

async function start(sim: SimCharger, idTag: string, car: Vehicle = bigCar()) {
  sim.plugIn(1, car);
  const s = await sim.startSession(1, idTag);
  expect(s.status).toBe('Accepted');
}

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '2' }, { clock });
  url = await listen(t);
  admin = await t.login('admin@voltline.local');
  const [op] = await t.database.db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.name, 'Voltline İstanbul'));
  operatorId = op!.id;
});
afterAll(async () => {
  await Promise.all(sims.map((s) => s.close()));
  await t.close();
});

describe('balancing a group', () => {
  it('gives three sessions a third of 32 A each, and the other two more when one stops', async () => {
    const [a, b, c] = [await charger('SC-A'), await charger('SC-B'), await charger('SC-C')];
    const id = await group('Depot', ['SC-A', 'SC-B', 'SC-C']);
    // Watches what the chargers apply to their sessions, the whole test long.
    const worst = { w: 0 };
    const watch = setInterval(() => {
      const sum = [a, b, c].reduce((t, sim) => t + (sim.connector(1)!.transaction ? appliedW(sim) : 0), 0);
      worst.w = Math.max(worst.w, sum);
    }, 10);
    // Idle connectors get the minimum as their TxDefaultProfile.
    await reach(id, (m) => ['SC-A', 'SC-B', 'SC-C'].every((cp) => accepted(m.get(cp), 6)));
    await start(a, 'DEMO0001');
    await start(b, 'DEMO0002');
    await start(c, 'DEMO0003');
    const d = await reach(id, (m) => ['SC-A', 'SC-B', 'SC-C'].every((cp) => accepted(m.get(cp), 10.6)));
    expect(d.allocated).toBeLessThanOrEqual(32);
    expect(d.allocations.every((x) => x.sessionId !== null)).toBe(true);
    expect(await listedProfiles('SC-A')).toEqual(
      expect.arrayContaining([
        { profileId: 917_001, purpose: 'TxDefaultProfile' },
        { profileId: 917_101, purpose: 'TxProfile' },
      ]),
    );
    // Each charger reports the schedule it applies, in parallel.
    const composite = await t.call<Answer<CompositeScheduleResult[]>>(
      'POST',
      `/api/portal/SmartCharging/${id}/compositeSchedules`,
      { token: admin, body: { duration: 600 } },
    );
    expect(composite.body.data.map((x) => [x.chargePointId, x.status])).toEqual([
      ['SC-A', 'Accepted'],
      ['SC-B', 'Accepted'],
      ['SC-C', 'Accepted'],
    ]);
    expect(composite.body.data[0]!.schedule?.periods[0]?.limit).toBeCloseTo(10.6, 1);
    // The charger follows: its power at the next sample is within its limit (690 W per A on 3 phases).
    await until(() => Promise.resolve(a.connector(1)!.powerW > 0 ? true : null));
    expect(a.connector(1)!.powerW).toBeLessThanOrEqual(10.6 * 690 + 1);

    c.stopSession(1);
    // The two still charging share the whole limit; the idle connector is left what they cannot use (none).
    const after = await reach(
      id,
      (m) => accepted(m.get('SC-A'), 16) && accepted(m.get('SC-B'), 16) && near(m.get('SC-C')?.limit, 0),
    );
    expect(after.allocated).toBeLessThanOrEqual(32);
    // The charger applies the raised limit to its running session.
    expect(appliedW(a)).toBeCloseTo(16 * 690, -1);
    a.stopSession(1);
    b.stopSession(1);
    await reach(id, (m) => ['SC-A', 'SC-B', 'SC-C'].every((cp) => near(m.get(cp)?.limit, 6)));
    clearInterval(watch);
    // Decreases go out before increases: the sessions' limits never added up past 32 A.
    expect(worst.w).toBeGreaterThan(0);
    expect(worst.w).toBeLessThanOrEqual(32 * 690 + 1);
  });

  it('keeps a charger that rejects its profile at its maximum, shows the rejection, and shares the rest', async () => {
    const [r, d, e] = [
      await charger('SC-R', { rejectChargingProfiles: true }),
      await charger('SC-D'),
      await charger('SC-E'),
    ];
    const id = await group('Workshop', ['SC-R', 'SC-D', 'SC-E'], { maxPower: 48 });
    await start(r, 'DEMO0001');
    await start(d, 'DEMO0002');
    await start(e, 'DEMO0003');
    const got = await reach(
      id,
      (m) =>
        m.get('SC-R')?.state === 'Rejected' &&
        m.get('SC-R')?.sessionId !== null &&
        accepted(m.get('SC-D'), 8) &&
        accepted(m.get('SC-E'), 8),
    );
    const rejected = got.allocations.find((x) => x.chargePointId === 'SC-R')!;
    expect(rejected).toMatchObject({ reserved: 32, detail: 'Rejected' });
    expect(got.allocated).toBeLessThanOrEqual(48);
    for (const sim of [r, d, e]) sim.stopSession(1);
  });

  it('applies a lower schedule period when its time comes', async () => {
    // The cars ramp up in real time while the test moves the clock: twenty times faster, so both
    // draw their full 16 A before the boundary (a car measured under its limit is given less).
    const fast = { speed: 20, config: { MeterValueSampleInterval: '20' } };
    const [f, g] = [await charger('SC-F', fast), await charger('SC-G', fast)];
    const soon = new Date(clock.now().getTime() + 120_000);
    const from = soon.toISOString().slice(11, 16);
    const id = await group('Evening', ['SC-F', 'SC-G'], { timeZone: 'UTC', schedule: [{ from, limit: 16 }] });
    await start(f, 'DEMO0001');
    await start(g, 'DEMO0002');
    await reach(
      id,
      (m) =>
        accepted(m.get('SC-F'), 16) &&
        accepted(m.get('SC-G'), 16) &&
        (m.get('SC-F')?.powerW ?? 0) > 15 * 690 &&
        (m.get('SC-G')?.powerW ?? 0) > 15 * 690,
    );
    clock.advance(180_000);
    // The periodic pass sees the boundary: both sessions go down to half of 16 A.
    const d = await reach(id, (m) => accepted(m.get('SC-F'), 8) && accepted(m.get('SC-G'), 8));
    expect(d.currentLimit).toBe(16);
    expect(appliedW(f)).toBeCloseTo(8 * 690, -1);

    // Leaving the group clears the profiles Voltline set on the charger.
    const left = await t.call('POST', '/api/portal/SmartCharging/RemoveChargePointsFromGroup', {
      token: admin,
      body: { groupId: id, chargePointIds: ['SC-G'] },
    });
    expect(left.status).toBe(200);
    await until(() => Promise.resolve(g.profiles.all.every((p) => p.profile.stackLevel !== 5) ? true : null));
    await until(async () => ((await listedProfiles('SC-G')).length === 0 ? true : null));
    // SC-F now has the whole 16 A.
    await reach(id, (m) => accepted(m.get('SC-F'), 16) && !m.has('SC-G'));
    f.stopSession(1);
    g.stopSession(1);
  });

  it('counts a charger that goes offline at its maximum and lowers the others', async () => {
    const [h, i] = [await charger('SC-H'), await charger('SC-I')];
    const id = await group('Yard', ['SC-H', 'SC-I'], { maxPower: 48 });
    await start(h, 'DEMO0001');
    await start(i, 'DEMO0002');
    await reach(id, (m) => accepted(m.get('SC-H'), 24) && accepted(m.get('SC-I'), 24));
    await i.close();
    const d = await reach(
      id,
      (m) =>
        m.get('SC-I')?.state === 'offline' && m.get('SC-I')?.reserved === 32 && accepted(m.get('SC-H'), 16),
    );
    expect(d.allocations.find((x) => x.chargePointId === 'SC-I')?.connected).toBe(false);
    h.stopSession(1);
  });

  it('gives what a car does not draw to the others, once its power is measured', async () => {
    // Twenty times faster: the cars' 30 s ramp is over in 1.5 s, and they sample every real second.
    const fast = { speed: 20, config: { MeterValueSampleInterval: '20' } };
    const [j, k] = [await charger('SC-J', fast), await charger('SC-K', fast)];
    const id = await group('Small car', ['SC-J', 'SC-K']);
    await start(j, 'DEMO0003', { capacityWh: 200_000, soc: 10, maxPowerW: 2_760, targetSoc: 100 });
    await start(k, 'DEMO0004');
    await reach(id, (m) => accepted(m.get('SC-J'), 16) && accepted(m.get('SC-K'), 16));
    // Both cars' power is in: the small one draws its own 4 A, well under its 16 A.
    await reach(
      id,
      (m) => near((m.get('SC-J')?.powerW ?? 0) / 690, 4) && (m.get('SC-K')?.powerW ?? 0) > 15 * 690,
    );
    // The small car keeps the minimum; the other gets the rest. The balancer counts 30 s from the
    // session's own TxProfile, which on a loaded machine may go out only after the power is in
    // (the 16 A seen so far can be the idle connector's default): the clock moves on until it has.
    const given = (m: Map<string, ConnectorAllocation>) =>
      accepted(m.get('SC-J'), 6) && accepted(m.get('SC-K'), 26);
    let d: SmartChargingGroupDetail | undefined;
    for (let round = 1; !d; round++) {
      clock.advance(31_000);
      d = await reach(id, given, 5_000).catch((err: unknown) => {
        if (round >= 3) throw err;
        return undefined;
      });
    }
    expect(d.allocated).toBeLessThanOrEqual(32);
    // And it stays so: the lower limit does not restart the wait, so the next passes (each meter
    // value brings one) do not hand the small car its 16 A back.
    await new Promise((r) => setTimeout(r, 3_000));
    const later = await detail(id);
    const byCp = new Map(later.allocations.map((a) => [a.chargePointId, a]));
    expect(given(byCp), JSON.stringify(later.allocations)).toBe(true);
    expect(later.allocated).toBeLessThanOrEqual(32);
    j.stopSession(1);
    k.stopSession(1);
  });
});
