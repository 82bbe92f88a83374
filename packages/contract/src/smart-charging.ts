import { z } from 'zod';
import { ChargePointIdString } from './charge-points.js';
import { IsoTime, Text } from './common.js';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants.js';

/**
 * Smart-charging groups (spec §7 Smart charging, `/management/smartCharging`): charge points that
 * share one grid connection. The group's limit is in A per phase or in W, with a time-of-day
 * schedule; Voltline divides it among the group's connectors and sends each its limit with
 * SetChargingProfile (TxProfile for a running transaction, TxDefaultProfile for an idle
 * connector). Read with `smartCharging:read`, changed with `smartCharging:write`.
 *
 * A charge point is in at most one group. Leaving a group (or deleting it) clears the profiles
 * Voltline set (ClearChargingProfile).
 */

/** OCPP's charging rate units: A (per phase) or W. */
export const CHARGING_RATE_UNITS = ['A', 'W'] as const;
export type ChargingRateUnit = (typeof CHARGING_RATE_UNITS)[number];

/**
 * How the limit is shared among the group's charging connectors:
 * - `equal`: every charging connector gets the same share (at least the group's minimum); what a
 *   connector cannot use (its own maximum, or a car drawing less) goes to the others.
 * - `arrival`: every charging connector first gets the minimum; what is left goes to the earliest
 *   sessions first, each up to its maximum.
 */
export const SMART_CHARGING_MODES = ['equal', 'arrival'] as const;
export type SmartChargingMode = (typeof SMART_CHARGING_MODES)[number];

/** Nominal phase voltage used to turn A into W and back. */
export const GRID_VOLTAGE = 230;

/** How a connector's last limit fared: the charger's answer, or why none came. */
export const ALLOCATION_STATES = [
  /** The charger accepted the profile. */
  'Accepted',
  /** The charger answered Rejected: its share is kept in reserve as if it drew its maximum. */
  'Rejected',
  /** The charger answered NotSupported or a CALLERROR NotImplemented. */
  'NotSupported',
  /** Sent, no answer yet. */
  'pending',
  /** The charger is offline: its share is kept in reserve as if it drew its maximum. */
  'offline',
  /** Time-out or another CALLERROR. */
  'failed',
] as const;
export type AllocationState = (typeof ALLOCATION_STATES)[number];

/** Time as HH:MM (24 h) in the group's time zone. */
const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'validation.timeOfDay' });

/** From `from` (inclusive, HH:MM) until the next period's start, the limit is `limit`. */
export const SchedulePeriod = z.object({
  from: TimeOfDay,
  limit: z.number().min(0).max(2_000_000),
});
export type SchedulePeriod = z.infer<typeof SchedulePeriod>;

const groupFields = {
  name: Text(100),
  operatorId: z.number().int().positive().max(2_147_483_647),
  chargingRateUnit: z.enum(CHARGING_RATE_UNITS),
  mode: z.enum(SMART_CHARGING_MODES),
  /** The grid connection's limit (A per phase or W) where no schedule period applies. */
  maxPower: z.number().positive().max(2_000_000),
  /** The least a charging connector is given (same unit); 6 A is the least IEC 61851 allows. */
  minPerSession: z.number().min(0).max(2_000_000),
  /** Phases the chargers use, for turning A into W (1 or 3). */
  phases: z.union([z.literal(1), z.literal(3)]).default(3),
  /** Time-of-day limits, in the group's time zone; the periods' `from` are distinct. */
  schedule: z.array(SchedulePeriod).max(48).default([]),
  /** IANA time zone of the schedule (e.g. Europe/Istanbul). */
  timeZone: z.string().trim().min(1).max(64).default('UTC'),
};

const distinctPeriods = (v: { schedule?: { from: string }[] | undefined }) =>
  new Set((v.schedule ?? []).map((p) => p.from)).size === (v.schedule ?? []).length;
const distinctRule = { message: 'smartCharging.duplicatePeriod', path: ['schedule'] };
const minWithinMax = (v: { minPerSession: number; maxPower: number }) => v.minPerSession <= v.maxPower;
const minRule = { message: 'smartCharging.minAboveMax', path: ['minPerSession'] };

/** `POST portal/SmartCharging`: a new group, with its first members if any. */
export const NewSmartChargingGroup = z
  .object({ ...groupFields, chargePointIds: z.array(ChargePointIdString).max(500).default([]) })
  .refine(distinctPeriods, distinctRule)
  .refine(minWithinMax, minRule);
export type NewSmartChargingGroup = z.input<typeof NewSmartChargingGroup>;

/** `PUT portal/SmartCharging/{id}`: the group's settings (members are changed on their own). */
export const SmartChargingGroupUpdate = z
  .object(groupFields)
  .refine(distinctPeriods, distinctRule)
  .refine(minWithinMax, minRule);
export type SmartChargingGroupUpdate = z.input<typeof SmartChargingGroupUpdate>;

/** `POST portal/SmartCharging/AddChargePointsToGroup` and `.../RemoveChargePointsFromGroup`. */
export const GroupMembersChange = z.object({
  groupId: z.number().int().positive().max(2_147_483_647),
  chargePointIds: z.array(ChargePointIdString).min(1).max(500),
});
export type GroupMembersChange = z.input<typeof GroupMembersChange>;

export const SmartChargingGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  chargingRateUnit: z.enum(CHARGING_RATE_UNITS),
  mode: z.enum(SMART_CHARGING_MODES),
  maxPower: z.number(),
  minPerSession: z.number(),
  phases: z.number().int(),
  schedule: z.array(SchedulePeriod),
  timeZone: z.string(),
  /** The limit in force now (from the schedule, else maxPower), in the group's unit. */
  currentLimit: z.number(),
  chargePointCount: z.number().int(),
  /** Members' OCPP ids. */
  chargePointIds: z.array(z.string()),
  activeSessions: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SmartChargingGroup = z.infer<typeof SmartChargingGroup>;

/** `GET portal/SmartCharging?index&size&operatorId&search`. */
export const SmartChargingListQuery = z.object({
  index: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  operatorId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  search: z.string().trim().max(100).optional(),
});
export type SmartChargingListQuery = z.input<typeof SmartChargingListQuery>;

/** One connector of the group as the balancer sees it now. */
export const ConnectorAllocation = z.object({
  chargePointId: z.string(),
  chargePointDbId: z.number().int(),
  chargePointName: z.string(),
  connectorId: z.number().int(),
  connected: z.boolean(),
  /** The connector's status as the charger last reported it. */
  status: z.string().nullable(),
  /** The running session, if any. */
  sessionId: z.number().int().nullable(),
  sessionStartedAt: z.string().nullable(),
  /** The connector's own maximum, in the group's unit. */
  maximum: z.number(),
  /** The limit last sent, in the group's unit; null when none was sent. */
  limit: z.number().nullable(),
  /** The limit the balancer counts for it (a charger that rejects or is offline counts at its maximum). */
  reserved: z.number(),
  /** Power last measured (W); null when no reading. */
  powerW: z.number().nullable(),
  state: z.enum(ALLOCATION_STATES).nullable(),
  /** The charger's answer or the error, as it came. */
  detail: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type ConnectorAllocation = z.infer<typeof ConnectorAllocation>;

/** `GET portal/SmartCharging/SmartChargeGroupDetail/{id}`. */
export const SmartChargingGroupDetail = SmartChargingGroup.extend({
  /** The group's limit now in W (A × voltage × phases when in A). */
  currentLimitW: z.number(),
  /** Sum of what the balancer counts for the connectors, in the group's unit. */
  allocated: z.number(),
  /** Sum of measured power (W). */
  measuredW: z.number(),
  allocations: z.array(ConnectorAllocation),
  lastBalancedAt: z.string().nullable(),
});
export type SmartChargingGroupDetail = z.infer<typeof SmartChargingGroupDetail>;

/** `GET portal/SmartCharging/{id}/power?from&to`: the group's power against its limit over time. */
export const GroupPowerQuery = z.object({ from: IsoTime.optional(), to: IsoTime.optional() });
export const GroupPowerSample = z.object({
  at: z.string(),
  limitW: z.number(),
  allocatedW: z.number(),
  measuredW: z.number(),
});
export type GroupPowerSample = z.infer<typeof GroupPowerSample>;

/** `POST portal/SmartCharging/{id}/compositeSchedules {duration}`: each member connector's composite schedule. */
export const CompositeScheduleRequest = z.object({
  /** Seconds ahead. */
  duration: z.number().int().min(60).max(86_400).default(3600),
});
export const CompositeScheduleResult = z.object({
  chargePointId: z.string(),
  connectorId: z.number().int(),
  /** The charger's GetCompositeSchedule.conf status, or the error. */
  status: z.string(),
  schedule: z
    .object({
      startSchedule: z.string().nullable(),
      duration: z.number().nullable(),
      chargingRateUnit: z.string(),
      periods: z.array(
        z.object({ startPeriod: z.number(), limit: z.number(), numberPhases: z.number().nullish() }),
      ),
    })
    .nullable(),
});
export type CompositeScheduleResult = z.infer<typeof CompositeScheduleResult>;

export const SMART_CHARGING_API = {
  /** GET list (SmartChargingListQuery), POST NewSmartChargingGroup. */
  base: 'portal/SmartCharging',
  /** GET one (SmartChargingGroup), PUT SmartChargingGroupUpdate, DELETE (clears members' profiles). */
  byId: (id: number | string) => `portal/SmartCharging/${id}`,
  addChargePoints: 'portal/SmartCharging/AddChargePointsToGroup',
  removeChargePoints: 'portal/SmartCharging/RemoveChargePointsFromGroup',
  detail: (id: number | string) => `portal/SmartCharging/SmartChargeGroupDetail/${id}`,
  power: (id: number | string) => `portal/SmartCharging/${id}/power`,
  compositeSchedules: (id: number | string) => `portal/SmartCharging/${id}/compositeSchedules`,
} as const;
