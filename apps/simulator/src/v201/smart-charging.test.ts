import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCharger201, type SimCharger201 } from './charger.js';
import { TestCsms201 } from './test-server.js';

// K01, K08-K10 as a 2.0.1 station plays them: profiles of each purpose limit what the car draws,
// the composite schedule and the profile report say what is installed, and a station that refuses
// profiles (the 1.6 chargers' misbehaviour) refuses them here too.

let csms: TestCsms201;
const stations: SimCharger201[] = [];

beforeAll(async () => {
  csms = await new TestCsms201().start();
});
afterEach(async () => {
  await Promise.all(stations.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await csms.close();
});

/** A car that takes all it is given. */
const bigCar = () => ({ capacityWh: 200_000, soc: 10, targetSoc: 100, maxPowerW: 22_000 });
const info = (payload: Record<string, unknown>) => payload.transactionInfo as Record<string, unknown>;

async function station(id: string, extra: { rejectChargingProfiles?: boolean } = {}): Promise<SimCharger201> {
  const s = await startCharger201({
    url: csms.url,
    id,
    connectors: 2,
    speed: 20,
    maxPower: 22_000,
    config: { MeterValueSampleInterval: '10' },
    ...extra,
  });
  stations.push(s);
  return s;
}

const profile = (
  id: number,
  purpose: 'TxDefaultProfile' | 'TxProfile' | 'ChargingStationMaxProfile',
  limitA: number,
  extra: Record<string, unknown> = {},
) => ({
  id,
  stackLevel: 1,
  chargingProfilePurpose: purpose,
  chargingProfileKind: 'Absolute' as const,
  chargingSchedule: [
    {
      id,
      chargingRateUnit: 'A' as const,
      startSchedule: new Date(Date.now() - 60_000).toISOString(),
      chargingSchedulePeriod: [{ startPeriod: 0, limit: limitA }],
    },
  ] as [
    {
      id: number;
      chargingRateUnit: 'A';
      startSchedule: string;
      chargingSchedulePeriod: [{ startPeriod: number; limit: number }];
    },
  ],
  ...extra,
});

/** The power the car on an EVSE settles at past its ramp; on the way it never goes above the limit. */
async function powerOn(s: SimCharger201, evseId: number, limitW: number, rising = true): Promise<number> {
  let highest = 0;
  await csms.until(
    () => {
      const w = s.evse(evseId)!.powerW;
      highest = Math.max(highest, w);
      return Math.abs(w - limitW) < 20;
    },
    10_000,
    `power of ${limitW} W`,
  );
  if (rising) expect(highest).toBeLessThan(limitW + 20);
  return s.evse(evseId)!.powerW;
}

describe('OCPP 2.0.1 smart charging on the simulated station (K)', () => {
  it('K01 a TxDefaultProfile, then a TxProfile of the running transaction, limit the car’s power', async () => {
    const s = await station('K01-A');
    expect(
      await csms.call('K01-A', 'SetChargingProfile', {
        evseId: 0,
        chargingProfile: profile(1, 'TxDefaultProfile', 16),
      }),
    ).toEqual({ status: 'Accepted' });
    const started = await s.startSession(1, 'K01-CARD', { vehicle: bigCar() });
    // 16 A on three phases of 230 V: 11 040 W.
    expect(await powerOn(s, 1, 11_040)).toBeCloseTo(11_040, -1);
    // A TxProfile must name the running transaction: another id is Rejected.
    const tx = (id: string) => profile(2, 'TxProfile', 8, { transactionId: id });
    expect(
      await csms.call('K01-A', 'SetChargingProfile', { evseId: 1, chargingProfile: tx('no-such-tx') }),
    ).toEqual({
      status: 'Rejected',
    });
    expect(
      await csms.call('K01-A', 'SetChargingProfile', {
        evseId: 1,
        chargingProfile: tx(started.transactionId!),
      }),
    ).toEqual({ status: 'Accepted' });
    expect(await powerOn(s, 1, 5_520, false)).toBeCloseTo(5_520, -1);
    // The transaction ends and its TxProfile with it; the default stays.
    s.stopSession(1);
    await csms.until(() =>
      csms.messages('K01-A', 'TransactionEvent').some((m) => m.payload.eventType === 'Ended'),
    );
    expect(await csms.call('K01-A', 'GetChargingProfiles', { requestId: 5, chargingProfile: {} })).toEqual({
      status: 'Accepted',
    });
    const report = await csms.nth('K01-A', 'ReportChargingProfiles');
    expect(report.payload).toMatchObject({ requestId: 5, chargingLimitSource: 'CSO', evseId: 0, tbc: false });
    expect((report.payload.chargingProfile as { id: number }[]).map((p) => p.id)).toEqual([1]);
  });

  it('K01 a ChargingStationMaxProfile caps the station, only on EVSE 0; a limit of 0 suspends the car (SuspendedEVSE)', async () => {
    const s = await station('K01-B');
    expect(
      await csms.call('K01-B', 'SetChargingProfile', {
        evseId: 1,
        chargingProfile: profile(3, 'ChargingStationMaxProfile', 10),
      }),
    ).toEqual({ status: 'Rejected' });
    expect(
      await csms.call('K01-B', 'SetChargingProfile', {
        evseId: 0,
        chargingProfile: profile(3, 'ChargingStationMaxProfile', 10),
      }),
    ).toEqual({ status: 'Accepted' });
    await s.startSession(2, 'K01-B-CARD', { vehicle: bigCar() });
    expect(await powerOn(s, 2, 6_900)).toBeCloseTo(6_900, -1);
    expect(
      await csms.call('K01-B', 'SetChargingProfile', {
        evseId: 0,
        chargingProfile: profile(3, 'ChargingStationMaxProfile', 0),
      }),
    ).toEqual({ status: 'Accepted' });
    const suspended = await csms.until(() =>
      csms
        .messages('K01-B', 'TransactionEvent')
        .find((m) => info(m.payload).chargingState === 'SuspendedEVSE'),
    );
    expect(suspended.payload.triggerReason).toBe('ChargingStateChanged');
    expect(s.evse(2)!.powerW).toBe(0);
  });

  it('K08 the composite schedule of an EVSE shows the lowest limit; K10 clearing it restores the rating', async () => {
    const s = await station('K08');
    await csms.call('K08', 'SetChargingProfile', {
      evseId: 0,
      chargingProfile: profile(4, 'ChargingStationMaxProfile', 20),
    });
    await csms.call('K08', 'SetChargingProfile', {
      evseId: 1,
      chargingProfile: profile(5, 'TxDefaultProfile', 12),
    });
    const composite = await csms.call('K08', 'GetCompositeSchedule', {
      evseId: 1,
      duration: 600,
      chargingRateUnit: 'A',
    });
    expect(composite.status).toBe('Accepted');
    expect(composite.schedule).toMatchObject({ evseId: 1, duration: 600, chargingRateUnit: 'A' });
    expect(composite.schedule?.chargingSchedulePeriod).toEqual([{ startPeriod: 0, limit: 12 }]);
    expect(await csms.call('K08', 'GetCompositeSchedule', { evseId: 7, duration: 600 })).toEqual({
      status: 'Rejected',
    });
    expect(
      await csms.call('K08', 'ClearChargingProfile', {
        chargingProfileCriteria: { chargingProfilePurpose: 'TxDefaultProfile' },
      }),
    ).toEqual({ status: 'Accepted' });
    expect(await csms.call('K08', 'ClearChargingProfile', { chargingProfileId: 5 })).toEqual({
      status: 'Unknown',
    });
    const after = await csms.call('K08', 'GetCompositeSchedule', {
      evseId: 1,
      duration: 600,
      chargingRateUnit: 'A',
    });
    expect(after.schedule?.chargingSchedulePeriod).toEqual([{ startPeriod: 0, limit: 20 }]);
    expect(
      await csms.call('K08', 'GetChargingProfiles', { requestId: 6, evseId: 1, chargingProfile: {} }),
    ).toEqual({
      status: 'NoProfiles',
    });
    expect(s.profiles.limitW(s.evse(1)!, new Date())).toBeCloseTo(13_800, -1);
  });

  it('K01 a station that refuses profiles answers every SetChargingProfile Rejected and its car draws its rating', async () => {
    const s = await station('K01-R', { rejectChargingProfiles: true });
    expect(
      await csms.call('K01-R', 'SetChargingProfile', {
        evseId: 0,
        chargingProfile: profile(6, 'TxDefaultProfile', 6),
      }),
    ).toEqual({ status: 'Rejected' });
    expect(s.profiles.limitW(s.evse(1)!, new Date())).toBe(Infinity);
  });
});
