import type { LimitPeriod, Ocpp201, ReportedProfile } from '@voltline/contract';
import { checkId } from '../rpc-error.js';

type Profile201 = Ocpp201.ReportChargingProfilesRequest['chargingProfile'][number];
type Schedule201 = NonNullable<Ocpp201.NotifyChargingLimitRequest['chargingSchedule']>[number];

/** A 2.0.1 schedule's periods in the domain's words. */
export function periodsOf(schedule: Pick<Schedule201, 'chargingSchedulePeriod'>): LimitPeriod[] {
  return schedule.chargingSchedulePeriod.map((p) => ({
    startPeriod: p.startPeriod,
    limit: p.limit,
    numberPhases: p.numberPhases ?? null,
  }));
}

/** A profile as a 2.0.1 charger reports it (K09), as Voltline keeps it: its first schedule. */
export function reportedProfileOf(p: Profile201, evseId: number, source: string): ReportedProfile {
  const schedule = p.chargingSchedule[0];
  return {
    profileId: p.id,
    evseId,
    source,
    purpose: p.chargingProfilePurpose,
    kind: p.chargingProfileKind,
    stackLevel: p.stackLevel,
    unit: schedule?.chargingRateUnit ?? 'A',
    periods: schedule ? periodsOf(schedule) : [],
    startSchedule: schedule?.startSchedule ?? null,
    validFrom: p.validFrom ?? null,
    validTo: p.validTo ?? null,
    transactionId: p.transactionId ?? null,
  };
}

/** A date the charger sent, or null when it is none the database can hold. */
export function dateOf(text: string | undefined): Date | null {
  if (!text) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1 ? null : at;
}

/** Ids beyond what is stored (32-bit integers) are refused, as every other 2.0.1 handler refuses them. */
export function checkEvse(evseId: number | undefined) {
  checkId('evseId', evseId);
}
