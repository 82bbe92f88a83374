import type {
  ChargingRateUnit,
  NewSmartChargingGroup,
  SmartChargingGroup,
  SmartChargingGroupUpdate,
  SmartChargingMode,
} from '@voltline/contract';
import { sortedByTime } from './schedule';
import { toSent, toShown } from './units';

/** The group form as the user fills it: powers in the unit shown (A or kW). */
export interface GroupFormValues {
  name: string;
  operatorId: number;
  chargingRateUnit: ChargingRateUnit;
  mode: SmartChargingMode;
  maxPower: number;
  minPerSession: number;
  phases: 1 | 3;
  timeZone: string;
  schedule?: { from: string; limit: number }[];
  chargePointIds?: string[];
}

/** A new group's starting values: 3 phases in A, equal shares, 6 A the least IEC 61851 allows. */
export const NEW_GROUP: Omit<GroupFormValues, 'name' | 'operatorId' | 'maxPower'> = {
  chargingRateUnit: 'A',
  mode: 'equal',
  minPerSession: 6,
  phases: 3,
  timeZone: 'UTC',
  schedule: [],
  chargePointIds: [],
};

export function toGroupUpdate(v: GroupFormValues): SmartChargingGroupUpdate {
  const unit = v.chargingRateUnit;
  return {
    name: v.name.trim(),
    operatorId: v.operatorId,
    chargingRateUnit: unit,
    mode: v.mode,
    maxPower: toSent(v.maxPower, unit),
    minPerSession: toSent(v.minPerSession, unit),
    phases: v.phases,
    timeZone: v.timeZone,
    schedule: sortedByTime(v.schedule ?? []).map((p) => ({ from: p.from, limit: toSent(p.limit, unit) })),
  };
}

export const toNewGroup = (v: GroupFormValues): NewSmartChargingGroup => ({
  ...toGroupUpdate(v),
  chargePointIds: v.chargePointIds ?? [],
});

export function fromGroup(g: SmartChargingGroup): GroupFormValues {
  const unit = g.chargingRateUnit;
  return {
    name: g.name,
    operatorId: g.operatorId,
    chargingRateUnit: unit,
    mode: g.mode,
    maxPower: toShown(g.maxPower, unit),
    minPerSession: toShown(g.minPerSession, unit),
    phases: g.phases === 1 ? 1 : 3,
    timeZone: g.timeZone,
    schedule: g.schedule.map((p) => ({ from: p.from, limit: toShown(p.limit, unit) })),
  };
}

/** The IANA time zones the browser knows, the group's own first if the browser lacks it. */
export function timeZones(current?: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = known.includes('UTC') ? [...known] : ['UTC', ...known];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}
