import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  startCharger,
  startCharger201,
  type SimCharger,
  type SimCharger201,
  type Vehicle,
} from '@voltline/simulator';
import type {
  CompositeScheduleResult,
  ConnectorAllocation,
  SmartChargingGroup,
  SmartChargingGroupDetail,
} from '@voltline/contract';
import { chargePoints, chargingProfiles, connectors, operators } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { listen, registerChargePoint, until } from '../../../test/ocpp-helper.js';

// K01 in a mixed group: the balancer shares one limit between a 1.6 charger and a 2.0.1 charger
// (both the simulator's), through the same profiles; the 2.0.1 charger gets them as 2.0.1 frames
// (ocpp/v201/commands/profiles.ts) and its car draws what they allow.

const PW = 'charger-secret-sc201';
const clock = manualClock(new Date());
let t: TestApp;
let url: string;
let admin: string;
let operatorId: number;
const sims: (SimCharger | SimCharger201)[] = [];
type Answer<T> = { data: T };
const bigCar = (): Vehicle => ({ capacityWh: 200_000, soc: 10, maxPowerW: 22_000, targetSoc: 100 });

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

/** A charge point of one connector (EVSE), registered, then its simulated charger connected. */
async function register(id: string) {
  const cp = await registerChargePoint(t, id, PW);
  await t.database.db
    .delete(connectors)
    .where(and(eq(connectors.chargePointId, cp.id), eq(connectors.connectorId, 2)));
}
const options = (id: string, extra: { rejectChargingProfiles?: boolean } = {}) => ({
  url,
  id,
  password: PW,
  connectors: 1,
  config: { MeterValueSampleInterval: '1' },
  ...extra,
});
async function charger16(id: string) {
  await register(id);
  const sim = await startCharger(options(id));
  sims.push(sim);
  return sim;
}
async function charger201(id: string, extra: { rejectChargingProfiles?: boolean } = {}) {
  await register(id);
  // Ten times faster: its car is past the 30 s ramp within seconds.
  const sim = await startCharger201({ ...options(id, extra), speed: 10 });
  sims.push(sim);
  return sim;
}

async function group(name: string, chargePointIds: string[], maxPower = 32) {
  const r = await t.call<Answer<SmartChargingGroup>>('POST', '/api/portal/SmartCharging', {
    token: admin,
    body: {
      name,
      operatorId,
      chargingRateUnit: 'A',
      mode: 'equal',
      maxPower,
      minPerSession: 6,
      chargePointIds,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id;
}

async function reach(id: number, done: (a: Map<string, ConnectorAllocation>) => boolean) {
  let last: SmartChargingGroupDetail | undefined;
  try {
    return await until(async () => {
      last = (
        await t.call<Answer<SmartChargingGroupDetail>>(
          'GET',
          `/api/portal/SmartCharging/SmartChargeGroupDetail/${id}`,
          { token: admin },
        )
      ).body.data;
      return done(new Map(last.allocations.map((a) => [a.chargePointId, a]))) ? last : null;
    });
  } catch {
    const seen = last?.allocations.map((a) => [a.chargePointId, a.state, a.limit, a.detail, a.sessionId]);
    throw new Error(`allocation not reached: ${JSON.stringify(seen)}`);
  }
}
const near = (v: number | null | undefined, want: number) =>
  v !== null && v !== undefined && Math.abs(v - want) < 0.3;
const accepted = (a: ConnectorAllocation | undefined, want: number) =>
  a?.state === 'Accepted' && near(a.limit, want);

describe('a smart-charging group of a 1.6 and a 2.0.1 charger (K01)', () => {
  it('K01 shares its limit between them: idle minimums, then half each, applied by both chargers', async () => {
    const old = await charger16('SCM-16');
    const station = await charger201('SCM-201');
    const id = await group('Mixed depot', ['SCM-16', 'SCM-201']);
    // Idle connectors get the minimum as their TxDefaultProfile, the 2.0.1 one as a 2.0.1 profile.
    await reach(id, (m) => accepted(m.get('SCM-16'), 6) && accepted(m.get('SCM-201'), 6));
    await until(() =>
      Promise.resolve(station.profiles.limitW(station.evse(1)!, new Date()) < Infinity || null),
    );
    expect(station.profiles.limitW(station.evse(1)!, new Date())).toBeCloseTo(6 * 690, -1);

    old.plugIn(1, bigCar());
    expect((await old.startSession(1, 'DEMO0001')).status).toBe('Accepted');
    const started = await station.startSession(1, 'DEMO0002', { vehicle: bigCar() });
    expect(started.status).toBe('Accepted');
    const shared = await reach(id, (m) => accepted(m.get('SCM-16'), 16) && accepted(m.get('SCM-201'), 16));
    expect(shared.allocated).toBeLessThanOrEqual(32);
    expect(shared.allocations.every((a) => a.sessionId !== null)).toBe(true);

    // The 2.0.1 charger holds the session's TxProfile, naming its own transaction, and its car follows.
    const tx = station.evse(1)!.transaction!;
    await until(() =>
      Promise.resolve(
        Math.abs(station.profiles.limitW(station.evse(1)!, new Date()) - 16 * 690) < 10 || null,
      ),
    );
    const listed = await t.database.db
      .select({ purpose: chargingProfiles.purpose, profile: chargingProfiles.profile })
      .from(chargingProfiles)
      .innerJoin(chargePoints, eq(chargePoints.id, chargingProfiles.chargePointId))
      .where(and(eq(chargePoints.chargePointId, 'SCM-201'), eq(chargingProfiles.purpose, 'TxProfile')));
    expect(listed).toHaveLength(1);
    expect(tx.id).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => Promise.resolve(station.evse(1)!.powerW > 16 * 690 - 50 || null), 15_000);
    expect(station.evse(1)!.powerW).toBeLessThanOrEqual(16 * 690 + 1);

    // Both report the schedule they apply, each in its own protocol.
    const composite = await t.call<Answer<CompositeScheduleResult[]>>(
      'POST',
      `/api/portal/SmartCharging/${id}/compositeSchedules`,
      { token: admin, body: { duration: 600 } },
    );
    const byCp = new Map(composite.body.data.map((x) => [x.chargePointId, x]));
    expect(byCp.get('SCM-16')?.status).toBe('Accepted');
    expect(byCp.get('SCM-201')?.status).toBe('Accepted');
    expect(byCp.get('SCM-201')?.schedule?.periods[0]?.limit).toBeCloseTo(16, 1);
    expect(byCp.get('SCM-16')?.schedule?.periods[0]?.limit).toBeCloseTo(16, 1);

    station.stopSession(1);
    old.stopSession(1);
    await reach(id, (m) => near(m.get('SCM-16')?.limit, 6) && near(m.get('SCM-201')?.limit, 6));
  });

  it('K01 keeps a 2.0.1 charger that refuses profiles at its maximum, shows the refusal, and shares the rest', async () => {
    const old = await charger16('SCM-16B');
    const refusing = await charger201('SCM-201R', { rejectChargingProfiles: true });
    const id = await group('Mixed workshop', ['SCM-16B', 'SCM-201R'], 48);
    old.plugIn(1, bigCar());
    expect((await old.startSession(1, 'DEMO0003')).status).toBe('Accepted');
    expect((await refusing.startSession(1, 'DEMO0004', { vehicle: bigCar() })).status).toBe('Accepted');
    const got = await reach(
      id,
      (m) =>
        m.get('SCM-201R')?.state === 'Rejected' &&
        m.get('SCM-201R')?.sessionId !== null &&
        accepted(m.get('SCM-16B'), 16),
    );
    expect(got.allocations.find((a) => a.chargePointId === 'SCM-201R')).toMatchObject({ detail: 'Rejected' });
    expect(got.allocated).toBeLessThanOrEqual(48);
    expect(refusing.profiles.limitW(refusing.evse(1)!, new Date())).toBe(Infinity);
    old.stopSession(1);
    refusing.stopSession(1);
  });
});
