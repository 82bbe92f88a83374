import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startCharger, type SimCharger, type Vehicle } from '@voltline/simulator';
import type { ConnectorAllocation, SmartChargingGroup, SmartChargingGroupDetail } from '@voltline/contract';
import { connectors, operators } from '../../db/schema/index.js';
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

async function charger(id: string, extra: { rejectChargingProfiles?: boolean } = {}): Promise<SimCharger> {
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
async function reach(id: number, done: (a: Map<string, ConnectorAllocation>) => boolean) {
  let last: SmartChargingGroupDetail | undefined;
  try {
    return await until(async () => {
      last = await detail(id);
      const byCp = new Map(last.allocations.map((a) => [a.chargePointId, a]));
      return done(byCp) ? last : null;
    });
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

async function start(sim: SimCharger, idTag: string) {
  sim.plugIn(1, bigCar());
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
    // Idle connectors get the minimum as their TxDefaultProfile.
    await reach(id, (m) => ['SC-A', 'SC-B', 'SC-C'].every((cp) => accepted(m.get(cp), 6)));
    await start(a!, 'DEMO0001');
    await start(b!, 'DEMO0002');
    await start(c!, 'DEMO0003');
    const d = await reach(id, (m) => ['SC-A', 'SC-B', 'SC-C'].every((cp) => accepted(m.get(cp), 10.6)));
    expect(d.allocated).toBeLessThanOrEqual(32);
    expect(d.allocations.every((x) => x.sessionId !== null)).toBe(true);
    // The charger follows: its power at the next sample is within its limit (690 W per A on 3 phases).
    await until(async () => (a!.connector(1)!.powerW > 0 ? true : null));
    expect(a!.connector(1)!.powerW).toBeLessThanOrEqual(10.6 * 690 + 1);

    c!.stopSession(1);
    // The stopped connector keeps the minimum for the next car; the other two share the rest.
    const after = await reach(
      id,
      (m) => accepted(m.get('SC-A'), 13) && accepted(m.get('SC-B'), 13) && near(m.get('SC-C')?.limit, 6),
    );
    expect(after.allocated).toBeLessThanOrEqual(32);
    // The charger applies the raised limit to its running session.
    expect(appliedW(a!)).toBeCloseTo(13 * 690, -1);
    a!.stopSession(1);
    b!.stopSession(1);
    await reach(id, (m) => ['SC-A', 'SC-B', 'SC-C'].every((cp) => near(m.get(cp)?.limit, 6)));
  });
});
