import { z } from 'zod';
import { reportsDeviceModel } from './evse.js';

/**
 * What a charger itself says about its limits (OCPP 2.0.1 use cases K09, K12–K17): the charging
 * profiles it holds and who installed them, limits an external system (an energy management
 * system, the grid operator) set on it, and what the car asked for over ISO 15118.
 */

/** Who installed a profile or set a limit (ChargingLimitSourceEnumType). */
export const CHARGING_LIMIT_SOURCES = ['EMS', 'Other', 'SO', 'CSO'] as const;
export type ChargingLimitSource = (typeof CHARGING_LIMIT_SOURCES)[number];

export const REPORTED_PROFILE_PURPOSES = [
  'ChargingStationExternalConstraints',
  'ChargingStationMaxProfile',
  'TxDefaultProfile',
  'TxProfile',
] as const;
export type ReportedProfilePurpose = (typeof REPORTED_PROFILE_PURPOSES)[number];

/**
 * Profiles of this purpose are set by a system outside Voltline (K12): the charger reports them,
 * Voltline never writes them.
 */
export const READ_ONLY_PROFILE_PURPOSE = 'ChargingStationExternalConstraints';

/** Whether a charger of this protocol reports the profiles it holds: the chargers with a device model (2.0.1). */
export function reportsChargingProfiles(protocol: string | undefined): boolean {
  return reportsDeviceModel(protocol);
}

const Period = z.object({
  startPeriod: z.number().int().min(0),
  limit: z.number(),
  numberPhases: z.number().int().nullable(),
});
export type LimitPeriod = z.infer<typeof Period>;

/** K09: one profile as the charger reported it. */
export const ReportedProfile = z.object({
  profileId: z.number().int(),
  evseId: z.number().int(),
  source: z.string(),
  purpose: z.string(),
  kind: z.string(),
  stackLevel: z.number().int(),
  unit: z.string(),
  periods: z.array(Period),
  startSchedule: z.string().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  transactionId: z.string().nullable(),
});
export type ReportedProfile = z.infer<typeof ReportedProfile>;

/** K09: what to ask the charger for; nothing set asks for every profile it holds. */
export const ProfileReportBody = z
  .object({
    evseId: z.number().int().min(0).max(2_147_483_647).optional(),
    purpose: z.enum(REPORTED_PROFILE_PURPOSES).optional(),
    stackLevel: z.number().int().min(0).max(2_147_483_647).optional(),
    sources: z.array(z.enum(CHARGING_LIMIT_SOURCES)).max(4).optional(),
  })
  .strict();
export type ProfileReportBody = z.infer<typeof ProfileReportBody>;

/** The charger's answer to GetChargingProfiles: Accepted (the report follows) or NoProfiles. */
export const ProfileReportAsked = z.object({
  requestId: z.number().int(),
  status: z.string(),
});
export type ProfileReportAsked = z.infer<typeof ProfileReportAsked>;

/** The profiles of the charger's last complete report, and whether one is on its way. */
export const ReportedProfiles = z.object({
  /** When the last report was complete; null when none ever was. */
  reportedAt: z.string().nullable(),
  /** Accepted | NoProfiles: the charger's answer to the last report asked for. */
  status: z.string().nullable(),
  criteria: ProfileReportBody.nullable(),
  awaitingReport: z.boolean(),
  profiles: z.array(ReportedProfile),
});
export type ReportedProfiles = z.infer<typeof ReportedProfiles>;

/** K12: a limit an external system set on the charger (evseId 0: the whole charger). */
export const ExternalLimit = z.object({
  evseId: z.number().int(),
  source: z.string(),
  gridCritical: z.boolean(),
  unit: z.string().nullable(),
  /** The limit in force now by its schedule, in `unit`; null when the charger sent no schedule. */
  limitNow: z.number().nullable(),
  periods: z.array(Period),
  since: z.string(),
});
export type ExternalLimit = z.infer<typeof ExternalLimit>;

/** K15–K17: what the car asked for over ISO 15118, and the schedule it chose. */
export const EvChargingNeeds = z.object({
  evseId: z.number().int(),
  sessionId: z.number().int().nullable(),
  energyTransfer: z.string(),
  departureTime: z.string().nullable(),
  requestedEnergyWh: z.number().nullable(),
  maxCurrentA: z.number().nullable(),
  minCurrentA: z.number().nullable(),
  maxVoltage: z.number().nullable(),
  maxPowerW: z.number().nullable(),
  stateOfCharge: z.number().nullable(),
  /** Accepted | Processing | Rejected: how Voltline answered. */
  answer: z.string(),
  receivedAt: z.string(),
  /** K17: the schedule the car chose (NotifyEVChargingSchedule), null until it sends one. */
  schedule: z.object({ unit: z.string(), periods: z.array(Period), at: z.string() }).nullable(),
});
export type EvChargingNeeds = z.infer<typeof EvChargingNeeds>;

export const ChargerLimits = z.object({
  externalLimits: z.array(ExternalLimit),
  evNeeds: z.array(EvChargingNeeds),
});
export type ChargerLimits = z.infer<typeof ChargerLimits>;
