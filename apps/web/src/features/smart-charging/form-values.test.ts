import { describe, expect, it } from 'vitest';
import { NewSmartChargingGroup, type SmartChargingGroup } from '@voltline/contract';
import { fromGroup, toGroupUpdate, toNewGroup, type GroupFormValues } from './form-values';

const typed: GroupFormValues = {
  name: '  Depot  ',
  operatorId: 4,
  chargingRateUnit: 'W',
  mode: 'arrival',
  maxPower: 50,
  minPerSession: 4.2,
  phases: 3,
  timeZone: 'Europe/Istanbul',
  schedule: [
    { from: '18:00', limit: 30 },
    { from: '07:00', limit: 22.5 },
  ],
  chargePointIds: ['CP-1', 'CP-2'],
};

describe('smart-charging group form', () => {
  it('sends kW as W, rows in the order of the day, and the contract accepts it', () => {
    const body = toNewGroup(typed);
    expect(body).toMatchObject({
      name: 'Depot',
      maxPower: 50_000,
      minPerSession: 4_200,
      schedule: [
        { from: '07:00', limit: 22_500 },
        { from: '18:00', limit: 30_000 },
      ],
      chargePointIds: ['CP-1', 'CP-2'],
    });
    expect(NewSmartChargingGroup.safeParse(body).success).toBe(true);
  });

  it('leaves members out of a settings change', () => {
    expect(toGroupUpdate(typed)).not.toHaveProperty('chargePointIds');
  });

  it('shows a stored group in the units the user types', () => {
    const group = {
      ...toGroupUpdate(typed),
      id: 1,
      operatorName: 'Voltline',
      phases: 3,
      currentLimit: 50_000,
      chargePointCount: 0,
      chargePointIds: [],
      activeSessions: 0,
      createdAt: '',
      updatedAt: '',
    } as SmartChargingGroup;
    expect(fromGroup(group)).toMatchObject({
      name: 'Depot',
      maxPower: 50,
      minPerSession: 4.2,
      schedule: [
        { from: '07:00', limit: 22.5 },
        { from: '18:00', limit: 30 },
      ],
    });
  });
});
