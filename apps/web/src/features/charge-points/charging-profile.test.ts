import { describe, expect, it } from 'vitest';
import { CommandBodies } from '@voltline/contract';
import { startFieldOf, startProfile } from './charging-profile';

const NOW = 1_750_000_123_456;

describe('the charging profile sent with a remote start', () => {
  it('limits the whole session when no duration is given', () => {
    expect(startProfile({ limit: 16, unit: 'A' }, NOW)).toEqual({
      chargingProfileId: 123_456,
      stackLevel: 0,
      chargingProfilePurpose: 'TxProfile',
      chargingProfileKind: 'Relative',
      chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }] },
    });
  });

  it('turns the minutes into the schedule duration in seconds', () => {
    const profile = startProfile({ limit: 7400, unit: 'W', durationMinutes: 90 }, NOW);
    expect(profile.chargingSchedule).toEqual({
      chargingRateUnit: 'W',
      duration: 5400,
      chargingSchedulePeriod: [{ startPeriod: 0, limit: 7400 }],
    });
    expect(
      startProfile({ limit: 10, unit: 'A', durationMinutes: null }, NOW).chargingSchedule.duration,
    ).toBeUndefined();
  });

  it('always has a positive id', () => {
    expect(startProfile({ limit: 10, unit: 'A' }, 2e9).chargingProfileId).toBe(1);
  });

  it('is a body the server accepts for startTransaction', () => {
    const body = {
      chargePointId: 'CP-1',
      idTag: 'DEMO0001',
      connectorId: 1,
      chargingProfile: startProfile({ limit: 11.5, unit: 'A', durationMinutes: 30 }, NOW),
    };
    expect(CommandBodies.startTransaction.safeParse(body).success).toBe(true);
  });
});

describe("the server's field errors on a remote start", () => {
  it('land on the field the user filled in', () => {
    expect(startFieldOf('body.idTag')).toBe('idTag');
    expect(startFieldOf('body.chargingProfile.chargingSchedule.chargingSchedulePeriod.0.limit')).toBe(
      'limit',
    );
    expect(startFieldOf('body.chargingProfile.chargingSchedule.chargingRateUnit')).toBe('limitUnit');
    expect(startFieldOf('body.chargingProfile.chargingSchedule.duration')).toBe('limitDuration');
    expect(startFieldOf('body.chargingProfile.chargingProfilePurpose')).toBe('limit');
    expect(startFieldOf('body.connectorId')).toBeUndefined();
  });
});
