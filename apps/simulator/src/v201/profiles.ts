import type { Ocpp, Ocpp201 } from '@voltline/contract';
import { ChargingProfiles, type ChargingProfile } from '../charging-profiles.js';
import type { Evse } from './evse.js';

type Profile201 = Ocpp201.SetChargingProfileRequest['chargingProfile'];
type Criteria = Ocpp201.GetChargingProfilesRequest['chargingProfile'];
type SetStatus = Ocpp201.SetChargingProfileResponse['status'];
type Schedule201 = NonNullable<Ocpp201.GetCompositeScheduleResponse['schedule']>;

type Purpose16 = ChargingProfile['chargingProfilePurpose'];

/** 1.6's name of a purpose the CSMS may set; ChargingStationExternalConstraints is none. */
const purpose16 = (p: Profile201['chargingProfilePurpose']): Purpose16 | undefined =>
  p === 'ChargingStationMaxProfile'
    ? 'ChargePointMaxProfile'
    : p === 'ChargingStationExternalConstraints'
      ? undefined
      : p;

/**
 * Charging profiles of a 2.0.1 station (K01, K08-K10): kept as the CSMS sent them (for
 * GetChargingProfiles) and computed with the 1.6 chargers' arithmetic, the same stack levels and
 * purposes (ChargingStationMaxProfile is 1.6's ChargePointMaxProfile, EVSE N is connector N). A
 * TxProfile names the station's own transaction id, which is mapped to a number for that arithmetic.
 */
export class Profiles201 {
  private readonly calc: ChargingProfiles;
  private readonly byId = new Map<number, { evseId: number; profile: Profile201 }>();
  private readonly txNumbers = new Map<string, number>();

  constructor(
    private readonly wattsPerAmp: number,
    private readonly maxStackLevel: number,
  ) {
    this.calc = new ChargingProfiles(wattsPerAmp, maxStackLevel);
  }

  /** K01: the answer to SetChargingProfile for an EVSE (0: the station), given its EVSE. */
  set(evseId: number, evse: Evse | undefined, profile: Profile201): SetStatus {
    if (evseId !== 0 && !evse) return 'Rejected';
    if (profile.stackLevel > this.maxStackLevel || profile.chargingSchedule.length === 0) return 'Rejected';
    // A TxProfile names the running transaction of its EVSE.
    if (profile.chargingProfilePurpose === 'TxProfile') {
      const tx = evse?.transaction;
      if (!tx || !profile.transactionId || profile.transactionId !== tx.id) return 'Rejected';
    }
    const as16 = this.as16(profile);
    if (!as16 || !this.calc.set(evseId, as16)) return 'Rejected';
    for (const [id, p] of this.byId) {
      const replaced =
        p.evseId === evseId &&
        p.profile.stackLevel === profile.stackLevel &&
        p.profile.chargingProfilePurpose === profile.chargingProfilePurpose;
      if (id === profile.id || replaced) this.byId.delete(id);
    }
    this.byId.set(profile.id, { evseId, profile });
    return 'Accepted';
  }

  /** K10: by id, or by EVSE, purpose and stack level; Unknown when nothing matched. */
  clear(req: Ocpp201.ClearChargingProfileRequest): 'Accepted' | 'Unknown' {
    const c = req.chargingProfileCriteria;
    const match = (evseId: number, p: Profile201) =>
      req.chargingProfileId !== undefined
        ? p.id === req.chargingProfileId
        : (c?.evseId === undefined || c.evseId === evseId) &&
          (c?.chargingProfilePurpose === undefined ||
            c.chargingProfilePurpose === p.chargingProfilePurpose) &&
          (c?.stackLevel === undefined || c.stackLevel === p.stackLevel);
    const gone = [...this.byId].filter(([, { evseId, profile }]) => match(evseId, profile));
    for (const [id] of gone) {
      this.byId.delete(id);
      this.calc.clear({ id });
    }
    return gone.length > 0 ? 'Accepted' : 'Unknown';
  }

  /** K09: the profiles matching the request, grouped by EVSE (one ReportChargingProfiles each). */
  matching(evseId: number | undefined, criteria: Criteria): Map<number, Profile201[]> {
    const out = new Map<number, Profile201[]>();
    for (const { evseId: at, profile } of this.byId.values()) {
      if (evseId !== undefined && at !== evseId) continue;
      if (criteria.chargingProfileId && !criteria.chargingProfileId.includes(profile.id)) continue;
      if (
        criteria.chargingProfilePurpose &&
        criteria.chargingProfilePurpose !== profile.chargingProfilePurpose
      )
        continue;
      if (criteria.stackLevel !== undefined && criteria.stackLevel !== profile.stackLevel) continue;
      // Every profile here was set by the CSMS (K09: chargingLimitSource CSO).
      if (criteria.chargingLimitSource && !criteria.chargingLimitSource.includes('CSO')) continue;
      out.set(at, [...(out.get(at) ?? []), profile]);
    }
    return out;
  }

  /** A transaction ended: its TxProfiles go with it. */
  transactionEnded(e: Evse, transactionId: string): void {
    this.calc.dropTxProfiles(e.id);
    for (const [id, p] of this.byId)
      if (p.evseId === e.id && p.profile.chargingProfilePurpose === 'TxProfile') this.byId.delete(id);
    this.txNumbers.delete(transactionId);
  }

  /** The power an EVSE's transaction may draw now, in W (Infinity when no profile applies). */
  limitW(e: Evse, at: Date): number {
    const tx = e.transaction;
    return this.calc.limitW(e.id, at, tx?.startedAt, tx ? this.txNumber(tx.id) : undefined);
  }

  /** K08: the limit over the next `durationS` seconds of an EVSE (0: the station's connection). */
  composite(
    e: Evse | undefined,
    evseId: number,
    durationS: number,
    unit: 'A' | 'W',
    now: Date,
    maxW: number,
  ) {
    const tx = e?.transaction;
    const s = this.calc.composite(
      evseId,
      durationS,
      unit,
      now,
      maxW,
      tx?.startedAt,
      tx && this.txNumber(tx.id),
    );
    const schedule: Schedule201 = {
      evseId,
      duration: durationS,
      scheduleStart: now.toISOString(),
      chargingRateUnit: unit,
      chargingSchedulePeriod: s.chargingSchedulePeriod.map((p) => ({
        startPeriod: p.startPeriod,
        limit: p.limit,
      })),
    };
    return schedule;
  }

  private txNumber(id: string): number {
    let n = this.txNumbers.get(id);
    if (n === undefined) {
      n = this.txNumbers.size + 1;
      this.txNumbers.set(id, n);
    }
    return n;
  }

  /** The profile in 1.6's shape for the arithmetic: its first schedule, the transaction as a number. */
  private as16(p: Profile201): ChargingProfile | undefined {
    const schedule = p.chargingSchedule[0];
    const purpose = purpose16(p.chargingProfilePurpose);
    if (!schedule || !purpose) return undefined;
    const profile: Ocpp.SetChargingProfileRequest['csChargingProfiles'] = {
      chargingProfileId: p.id,
      stackLevel: p.stackLevel,
      chargingProfilePurpose: purpose,
      chargingProfileKind: p.chargingProfileKind,
      chargingSchedule: {
        chargingRateUnit: schedule.chargingRateUnit,
        chargingSchedulePeriod: schedule.chargingSchedulePeriod.map((x) => ({
          startPeriod: x.startPeriod,
          limit: x.limit,
          ...(x.numberPhases !== undefined ? { numberPhases: x.numberPhases } : {}),
        })),
        ...(schedule.duration !== undefined ? { duration: schedule.duration } : {}),
        ...(schedule.startSchedule !== undefined ? { startSchedule: schedule.startSchedule } : {}),
        ...(schedule.minChargingRate !== undefined ? { minChargingRate: schedule.minChargingRate } : {}),
      },
    };
    if (p.recurrencyKind) profile.recurrencyKind = p.recurrencyKind;
    if (p.validFrom) profile.validFrom = p.validFrom;
    if (p.validTo) profile.validTo = p.validTo;
    if (p.transactionId) profile.transactionId = this.txNumber(p.transactionId);
    return profile;
  }
}
