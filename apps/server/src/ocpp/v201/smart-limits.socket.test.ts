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
  ChargerLimits,
  ConnectorAllocation,
  ProfileReportAsked,
  ReportedProfiles,
  SmartChargingGroup,
  SmartChargingGroupDetail,
} from '@voltline/contract';
import { auditLogs, connectors, operators } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { listen, registerChargePoint, until } from '../../../test/ocpp-helper.js';

// K09, K12, K13, K15, K17 against the simulator's 2.0.1 stations, through the real server: the
// profiles a station holds with their sources, an external limit the balancer never passes, and
// the car's needs answered and shown.

const PW = 'charger-secret-k09k12';
let t: TestApp;
let url: string;
let admin: string;
let operatorId: number;
const sims: (SimCharger | SimCharger201)[] = [];
const ids = new Map<string, number>();
type Answer<T> = { data: T; message?: string; refused?: boolean };
const bigCar = (): Vehicle => ({ capacityWh: 200_000, soc: 10, maxPowerW: 22_000, targetSoc: 100 });

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '2' });
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

async function register(id: string) {
  const cp = await registerChargePoint(t, id, PW);
  ids.set(id, cp.id);
  await t.database.db
    .delete(connectors)
    .where(and(eq(connectors.chargePointId, cp.id), eq(connectors.connectorId, 2)));
}
const options = (id: string) => ({
  url,
  id,
  password: PW,
  connectors: 1,
  config: { MeterValueSampleInterval: '1' },
});
async function charger16(id: string) {
  await register(id);
  const sim = await startCharger(options(id));
  sims.push(sim);
  return sim;
}
async function charger201(id: string) {
  await register(id);
  const sim = await startCharger201({ ...options(id), speed: 10 });
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
          {
            token: admin,
          },
        )
      ).body.data;
      return done(new Map(last.allocations.map((a) => [a.chargePointId, a]))) ? last : null;
    });
  } catch {
    const seen = last?.allocations.map((a) => [a.chargePointId, a.state, a.limit, a.sessionId]);
    throw new Error(`allocation not reached: ${JSON.stringify(seen)}`);
  }
}
const near = (a: ConnectorAllocation | undefined, want: number) =>
  a?.state === 'Accepted' && a.limit !== null && Math.abs(a.limit - want) < 0.3;
const ask = (cp: string, body: Record<string, unknown> = {}, token = admin) =>
  t.call<Answer<ProfileReportAsked>>(
    'POST',
    `/api/portal/ChargePoint/${ids.get(cp)}/chargingProfiles/report`,
    {
      token,
      body,
    },
  );
const reported = async (cp: string) =>
  (
    await t.call<Answer<ReportedProfiles>>(
      'GET',
      `/api/portal/ChargePoint/${ids.get(cp)}/chargingProfiles/reported`,
      {
        token: admin,
      },
    )
  ).body.data;
const limits = async (cp: string) =>
  (
    await t.call<Answer<ChargerLimits>>('GET', `/api/portal/ChargePoint/${ids.get(cp)}/chargingLimits`, {
      token: admin,
    })
  ).body.data;

describe('what a 2.0.1 charger says of its limits', () => {
  it('K09 reports the profiles the charger holds, in parts, each with its source, and NoProfiles in words', async () => {
    const station = await charger201('K09-201');
    await group('K09 depot', ['K09-201']);
    // The balancer's TxDefaultProfile (CSO) and an energy manager's limit (EMS).
    await until(() =>
      Promise.resolve(station.profiles.limitW(station.evse(1)!, new Date()) < Infinity || null),
    );
    await station.external.set({ source: 'EMS', limit: 20, unit: 'A' });

    const r = await ask('K09-201');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.status).toBe('Accepted');
    expect(r.body.message).toMatch(/will report the charging profiles/);
    const got = await until(async () => {
      const x = await reported('K09-201');
      return x.profiles.length >= 2 && !x.awaitingReport ? x : null;
    });
    expect(got.profiles.map((p) => [p.source, p.purpose]).sort()).toEqual([
      ['CSO', 'TxDefaultProfile'],
      ['EMS', 'ChargingStationExternalConstraints'],
    ]);
    expect(got.reportedAt).not.toBeNull();
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'chargerLimits.report'));
    expect(audit?.entityId).toBe('K09-201');

    // Criteria the charger holds nothing for: NoProfiles, said in words, and the list is empty.
    const none = await ask('K09-201', { sources: ['SO'] });
    expect(none.body.data.status).toBe('NoProfiles');
    expect(none.body.message).toBe('The charge point holds no charging profiles that match.');
    expect((await reported('K09-201')).profiles).toEqual([]);
  });

  it('K09 a 1.6 charger cannot report its profiles: refused in words, in Turkish too', async () => {
    await charger16('K09-16');
    const r = await ask('K09-16');
    expect(r.status).toBe(409);
    expect(JSON.stringify(r.body)).toMatch(/speaks OCPP 1.6/);
    const tr = await t.app.inject({
      method: 'POST',
      url: `/api/portal/ChargePoint/${ids.get('K09-16')}/chargingProfiles/report`,
      headers: {
        authorization: `Bearer ${admin}`,
        'accept-language': 'tr',
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(tr.body).toMatch(/OCPP 1.6 kullanıyor/);
  });

  it('K12 an external system’s constraints are read-only: setting one from the portal is refused in words', async () => {
    await charger201('K12-RO');
    const r = await t.call<{ error?: string; message?: string }>(
      'POST',
      '/api/ocpp/RemoteTrigger/setChargingProfile',
      {
        token: admin,
        body: {
          chargePointId: 'K12-RO',
          connectorId: 0,
          csChargingProfiles: {
            chargingProfileId: 70,
            stackLevel: 1,
            chargingProfilePurpose: 'ChargingStationExternalConstraints',
            chargingProfileKind: 'Absolute',
            chargingSchedule: {
              chargingRateUnit: 'A',
              chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }],
            },
          },
        },
      },
    );
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/set on the charger by an external system/);
  });

  it('K12 the balancer never allocates above the grid operator’s limit; K13 clearing it restores the shares', async () => {
    const old = await charger16('K12-16');
    const station = await charger201('K12-201');
    const id = await group('K12 site', ['K12-16', 'K12-201']);
    old.plugIn(1, bigCar());
    expect((await old.startSession(1, 'DEMO0001')).status).toBe('Accepted');
    expect((await station.startSession(1, 'DEMO0002', { vehicle: bigCar() })).status).toBe('Accepted');
    await reach(id, (m) => near(m.get('K12-16'), 16) && near(m.get('K12-201'), 16));

    // 10 A per phase on three phases, in W.
    await station.external.set({ source: 'SO', limit: 6_900, gridCritical: true });
    const capped = await reach(id, (m) => near(m.get('K12-201'), 10) && near(m.get('K12-16'), 22));
    expect(capped.allocated).toBeLessThanOrEqual(32);
    const shown = await limits('K12-201');
    expect(shown.externalLimits).toMatchObject([
      { evseId: 0, source: 'SO', gridCritical: true, unit: 'W', limitNow: 6_900 },
    ]);

    await station.external.clear('SO');
    await reach(id, (m) => near(m.get('K12-201'), 16) && near(m.get('K12-16'), 16));
    expect((await limits('K12-201')).externalLimits).toEqual([]);
    old.stopSession(1);
    station.stopSession(1);
  });

  it('K15 accepts the car’s needs in a group and keeps its share within them; K17 keeps its schedule', async () => {
    const station = await charger201('K15-201');
    const id = await group('K15 car park', ['K15-201']);
    expect((await station.startSession(1, 'DEMO0003', { vehicle: bigCar() })).status).toBe('Accepted');
    await reach(id, (m) => near(m.get('K15-201'), 32));
    const departure = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const answer = await station.external.evNeeds(1, {
      requestedEnergyTransfer: 'AC_three_phase',
      departureTime: departure,
      acChargingParameters: { energyAmount: 30_000, evMinCurrent: 6, evMaxCurrent: 12, evMaxVoltage: 400 },
    });
    expect(answer.status).toBe('Accepted');
    await reach(id, (m) => near(m.get('K15-201'), 12));
    expect(
      await station.external.evSchedule(1, {
        id: 1,
        chargingRateUnit: 'A',
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 12 }],
      }),
    ).toEqual({ status: 'Accepted' });
    const needs = (await limits('K15-201')).evNeeds;
    expect(needs).toMatchObject([
      {
        evseId: 1,
        energyTransfer: 'AC_three_phase',
        departureTime: departure,
        requestedEnergyWh: 30_000,
        maxCurrentA: 12,
        answer: 'Accepted',
        schedule: { unit: 'A', periods: [{ startPeriod: 0, limit: 12 }] },
      },
    ]);
    expect(needs[0]?.sessionId).not.toBeNull();
    // The car leaves: what it asked for is no longer shown.
    station.stopSession(1);
    await until(async () => ((await limits('K15-201')).evNeeds.length === 0 ? true : null));
  });

  it('K15 outside any group no schedule will come: Rejected with a reason', async () => {
    const station = await charger201('K15-ALONE');
    const answer = await station.external.evNeeds(1, {
      requestedEnergyTransfer: 'DC',
      dcChargingParameters: { evMaxCurrent: 200, evMaxVoltage: 800, evMaxPower: 150_000 },
    });
    expect(answer).toEqual({ status: 'Rejected', statusInfo: { reasonCode: 'NoSmartCharging' } });
    expect((await limits('K15-ALONE')).evNeeds).toMatchObject([{ maxPowerW: 150_000, answer: 'Rejected' }]);
  });
});
