import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCharger201, type SimCharger201 } from './charger.js';
import { TestCsms201 } from './test-server.js';

// K12, K13, K15, K17 as a test drives a 2.0.1 station: an energy manager or the grid operator
// limits it and lifts the limit, the station reports the limit's profile with its source (K09),
// and the car states its needs and its schedule.

let csms: TestCsms201;
const stations: SimCharger201[] = [];

beforeAll(async () => {
  csms = await new TestCsms201().start();
  csms.respond('NotifyEVChargingNeeds', () => ({ status: 'Accepted' }));
  csms.respond('NotifyEVChargingSchedule', () => ({ status: 'Accepted' }));
});
afterEach(async () => {
  await Promise.all(stations.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await csms.close();
});

async function station(id: string): Promise<SimCharger201> {
  const s = await startCharger201({ url: csms.url, id, connectors: 2, maxPower: 22_000 });
  stations.push(s);
  return s;
}

describe('external limits and the car’s needs of a 2.0.1 station', () => {
  it('K12 notifies the grid operator’s limit with its schedule, and K09 reports it with source SO', async () => {
    const s = await station('K12-SIM');
    await s.external.set({ source: 'SO', limit: 11_000, gridCritical: true });
    const sent = await csms.nth('K12-SIM', 'NotifyChargingLimit');
    expect(sent.payload).toMatchObject({
      chargingLimit: { chargingLimitSource: 'SO', isGridCritical: true },
      chargingSchedule: [
        { chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 11_000 }] },
      ],
    });
    expect(sent.payload.evseId).toBeUndefined();
    expect(
      await csms.call('K12-SIM', 'GetChargingProfiles', {
        requestId: 9,
        chargingProfile: { chargingLimitSource: ['SO'] },
      }),
    ).toEqual({ status: 'Accepted' });
    const report = await csms.nth('K12-SIM', 'ReportChargingProfiles');
    expect(report.payload).toMatchObject({ requestId: 9, chargingLimitSource: 'SO', evseId: 0, tbc: false });
    expect(report.payload.chargingProfile).toMatchObject([
      { chargingProfilePurpose: 'ChargingStationExternalConstraints' },
    ]);
  });

  it('K13 clears the limit: ClearedChargingLimit with source and EVSE, and the station holds it no more', async () => {
    const s = await station('K13-SIM');
    await s.external.set({ source: 'EMS', limit: 16, unit: 'A', evseId: 2 });
    await s.external.clear('EMS', 2);
    const cleared = await csms.nth('K13-SIM', 'ClearedChargingLimit');
    expect(cleared.payload).toEqual({ chargingLimitSource: 'EMS', evseId: 2 });
    expect(await csms.call('K13-SIM', 'GetChargingProfiles', { requestId: 10, chargingProfile: {} })).toEqual(
      { status: 'NoProfiles' },
    );
  });

  it('K15 sends the car’s needs and K17 its schedule, each with the CSMS’s answer', async () => {
    const s = await station('K15-SIM');
    const departure = new Date(Date.now() + 3_600_000).toISOString();
    const answer = await s.external.evNeeds(1, {
      requestedEnergyTransfer: 'AC_three_phase',
      departureTime: departure,
      acChargingParameters: { energyAmount: 20_000, evMinCurrent: 6, evMaxCurrent: 16, evMaxVoltage: 400 },
    });
    expect(answer).toEqual({ status: 'Accepted' });
    expect((await csms.nth('K15-SIM', 'NotifyEVChargingNeeds')).payload).toMatchObject({
      evseId: 1,
      chargingNeeds: { departureTime: departure },
    });
    const schedule = await s.external.evSchedule(1, {
      id: 1,
      chargingRateUnit: 'A',
      chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }],
    });
    expect(schedule).toEqual({ status: 'Accepted' });
  });
});
