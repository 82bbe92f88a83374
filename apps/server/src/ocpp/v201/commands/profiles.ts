import type { Ocpp, Ocpp201 } from '@voltline/contract';
import { defined, type V201Context } from './context.js';

type Profile16 = Ocpp.SetChargingProfileRequest['csChargingProfiles'];
type Profile201 = Ocpp201.SetChargingProfileRequest['chargingProfile'];
type Purpose16 = Profile16['chargingProfilePurpose'];
type Purpose201 = Profile201['chargingProfilePurpose'];

/** 2.0.1 renamed the charge point to the charging station; the other purposes kept their names. */
export function purpose201(purpose: Purpose16): Purpose201 {
  return purpose === 'ChargePointMaxProfile' ? 'ChargingStationMaxProfile' : purpose;
}

/**
 * A 1.6 charging profile as 2.0.1 writes it (K01): the profile id is `id`, the schedule becomes a
 * list of one schedule (its id the profile's: one schedule per profile, as 1.6 has), and a
 * TxProfile's transaction is named by the charger's own id. Null when the profile names a session
 * this charger has no transaction for: there is nothing to limit.
 */
export async function profile201(profile: Profile16, ctx: V201Context): Promise<Profile201 | null> {
  let transactionId: string | undefined;
  if (profile.transactionId !== undefined) {
    const own = await ctx.lookups.chargerTransactionId(ctx.charger.id, profile.transactionId);
    if (own === null) return null;
    transactionId = own;
  }
  const schedule = profile.chargingSchedule;
  return {
    id: profile.chargingProfileId,
    stackLevel: profile.stackLevel,
    chargingProfilePurpose: purpose201(profile.chargingProfilePurpose),
    chargingProfileKind: profile.chargingProfileKind,
    ...defined({
      recurrencyKind: profile.recurrencyKind,
      validFrom: profile.validFrom,
      validTo: profile.validTo,
      transactionId,
    }),
    chargingSchedule: [
      {
        id: profile.chargingProfileId,
        chargingRateUnit: schedule.chargingRateUnit,
        chargingSchedulePeriod: schedule.chargingSchedulePeriod.map((p) => ({
          startPeriod: p.startPeriod,
          limit: p.limit,
          ...defined({ numberPhases: p.numberPhases }),
        })),
        ...defined({
          startSchedule: schedule.startSchedule,
          duration: schedule.duration,
          minChargingRate: schedule.minChargingRate,
        }),
      },
    ],
  };
}

/** K01: a profile for an EVSE (connector N is EVSE N; 0 is the whole station, as in 1.6). */
export async function setChargingProfile(
  req: Ocpp.SetChargingProfileRequest,
  ctx: V201Context,
): Promise<Ocpp.SetChargingProfileResponse> {
  const chargingProfile = await profile201(req.csChargingProfiles, ctx);
  // A TxProfile for a session the charger never named: the charger would reject it as well.
  if (!chargingProfile) return { status: 'Rejected' };
  const answer = await ctx.call('SetChargingProfile', { evseId: req.connectorId, chargingProfile });
  return { status: answer.status };
}

/** K10: clear by id, or by EVSE, purpose and stack level. */
export async function clearChargingProfile(
  req: Ocpp.ClearChargingProfileRequest,
  ctx: V201Context,
): Promise<Ocpp.ClearChargingProfileResponse> {
  const criteria = defined({
    evseId: req.connectorId,
    chargingProfilePurpose: req.chargingProfilePurpose && purpose201(req.chargingProfilePurpose),
    stackLevel: req.stackLevel,
  });
  const answer = await ctx.call('ClearChargingProfile', {
    ...defined({ chargingProfileId: req.id }),
    ...(Object.keys(criteria).length > 0 ? { chargingProfileCriteria: criteria } : {}),
  });
  return { status: answer.status };
}

/** K08: the composite schedule of an EVSE, answered as 1.6's chargingSchedule. */
export async function getCompositeSchedule(
  req: Ocpp.GetCompositeScheduleRequest,
  ctx: V201Context,
): Promise<Ocpp.GetCompositeScheduleResponse> {
  const answer = await ctx.call('GetCompositeSchedule', {
    evseId: req.connectorId,
    duration: req.duration,
    ...defined({ chargingRateUnit: req.chargingRateUnit }),
  });
  const schedule = answer.schedule;
  if (!schedule) return { status: answer.status };
  return {
    status: answer.status,
    connectorId: schedule.evseId,
    scheduleStart: schedule.scheduleStart,
    chargingSchedule: {
      duration: schedule.duration,
      startSchedule: schedule.scheduleStart,
      chargingRateUnit: schedule.chargingRateUnit,
      chargingSchedulePeriod: schedule.chargingSchedulePeriod.map((p) => ({
        startPeriod: p.startPeriod,
        limit: p.limit,
        ...defined({ numberPhases: p.numberPhases }),
      })),
    },
  };
}
