import type { Ocpp } from '@voltline/contract';

export type ChargingProfile = Ocpp.SetChargingProfileRequest['csChargingProfiles'];
type Schedule = NonNullable<Ocpp.GetCompositeScheduleResponse['chargingSchedule']>;

interface Installed {
  connectorId: number;
  profile: ChargingProfile;
}

const DAY_S = 86_400;

/** Charging profiles installed on the charger, and the power limit they impose at a given time. */
export class ChargingProfiles {
  private installed: Installed[] = [];

  constructor(
    private readonly wattsPerAmp: number,
    private readonly maxStackLevel = 10,
  ) {}

  get all(): readonly Installed[] {
    return this.installed;
  }

  /** Whether set() would take the profile (stack level within ChargeProfileMaxStackLevel, purpose fits). */
  accepts(connectorId: number, profile: ChargingProfile): boolean {
    if (profile.stackLevel > this.maxStackLevel) return false;
    return !(profile.chargingProfilePurpose === 'ChargePointMaxProfile' && connectorId !== 0);
  }

  /** Stores the profile, replacing one with the same id or the same purpose and stack level. */
  set(connectorId: number, profile: ChargingProfile): boolean {
    if (!this.accepts(connectorId, profile)) return false;
    this.installed = this.installed.filter(
      (p) =>
        p.profile.chargingProfileId !== profile.chargingProfileId &&
        !(
          p.connectorId === connectorId &&
          p.profile.stackLevel === profile.stackLevel &&
          p.profile.chargingProfilePurpose === profile.chargingProfilePurpose
        ),
    );
    this.installed.push({ connectorId, profile });
    return true;
  }

  /** ClearChargingProfile: true when at least one profile matched and was removed. */
  clear(req: Ocpp.ClearChargingProfileRequest): boolean {
    const before = this.installed.length;
    this.installed = this.installed.filter((p) => {
      if (req.id !== undefined) return p.profile.chargingProfileId !== req.id;
      if (req.connectorId !== undefined && p.connectorId !== req.connectorId) return true;
      if (req.chargingProfilePurpose && p.profile.chargingProfilePurpose !== req.chargingProfilePurpose)
        return true;
      if (req.stackLevel !== undefined && p.profile.stackLevel !== req.stackLevel) return true;
      return false;
    });
    return this.installed.length < before;
  }

  /** TxProfiles end with their transaction. */
  dropTxProfiles(connectorId: number): void {
    this.installed = this.installed.filter(
      (p) => !(p.connectorId === connectorId && p.profile.chargingProfilePurpose === 'TxProfile'),
    );
  }

  /** Limit in W on a connector at `at` (Infinity when no profile applies). */
  limitW(connectorId: number, at: Date, txStart?: Date, transactionId?: number): number {
    const cpMax = this.best(0, 'ChargePointMaxProfile', at, txStart);
    const tx =
      (txStart && this.best(connectorId, 'TxProfile', at, txStart, transactionId)) ??
      this.best(connectorId, 'TxDefaultProfile', at, txStart) ??
      this.best(0, 'TxDefaultProfile', at, txStart);
    return Math.min(cpMax ?? Infinity, tx ?? Infinity);
  }

  /** GetCompositeSchedule: the limit over the next `durationS` seconds, as periods where it changes. */
  composite(
    connectorId: number,
    durationS: number,
    unit: 'A' | 'W',
    now: Date,
    maxW: number,
    txStart?: Date,
    transactionId?: number,
  ): Schedule {
    const points = new Set<number>([0]);
    for (const { profile } of this.installed) {
      for (const period of profile.chargingSchedule.chargingSchedulePeriod) {
        const start = this.startOf(profile, now, txStart);
        if (start === undefined) continue;
        const offset = Math.round((start.getTime() - now.getTime()) / 1000) + period.startPeriod;
        if (offset > 0 && offset < durationS) points.add(offset);
      }
    }
    const periods: Schedule['chargingSchedulePeriod'] = [];
    for (const startPeriod of [...points].sort((a, b) => a - b)) {
      const w = Math.min(
        maxW,
        this.limitW(connectorId, new Date(now.getTime() + startPeriod * 1000), txStart, transactionId),
      );
      const limit = Math.round((unit === 'W' ? w : w / this.wattsPerAmp) * 10) / 10;
      if (periods.at(-1)?.limit !== limit) periods.push({ startPeriod, limit });
    }
    return {
      duration: durationS,
      startSchedule: now.toISOString(),
      chargingRateUnit: unit,
      chargingSchedulePeriod: periods,
    };
  }

  private best(
    connectorId: number,
    purpose: ChargingProfile['chargingProfilePurpose'],
    at: Date,
    txStart?: Date,
    transactionId?: number,
  ): number | undefined {
    let chosen: { level: number; limit: number } | undefined;
    for (const { connectorId: c, profile } of this.installed) {
      if (c !== connectorId || profile.chargingProfilePurpose !== purpose) continue;
      if (
        purpose === 'TxProfile' &&
        profile.transactionId !== undefined &&
        profile.transactionId !== transactionId
      )
        continue;
      const limit = this.limitOf(profile, at, txStart);
      if (limit !== undefined && (!chosen || profile.stackLevel > chosen.level)) {
        chosen = { level: profile.stackLevel, limit };
      }
    }
    return chosen?.limit;
  }

  private startOf(profile: ChargingProfile, at: Date, txStart?: Date): Date | undefined {
    const schedule = profile.chargingSchedule;
    if (profile.chargingProfileKind === 'Relative') return txStart ?? at;
    const anchor = schedule.startSchedule ?? profile.validFrom;
    if (!anchor) return at;
    const start = new Date(anchor);
    if (profile.chargingProfileKind === 'Recurring') {
      const cycle = (profile.recurrencyKind === 'Weekly' ? 7 : 1) * DAY_S * 1000;
      const cycles = Math.floor((at.getTime() - start.getTime()) / cycle);
      return new Date(start.getTime() + Math.max(0, cycles) * cycle);
    }
    return start;
  }

  private limitOf(profile: ChargingProfile, at: Date, txStart?: Date): number | undefined {
    if (profile.validFrom && new Date(profile.validFrom) > at) return undefined;
    if (profile.validTo && new Date(profile.validTo) <= at) return undefined;
    const start = this.startOf(profile, at, txStart);
    if (!start) return undefined;
    const elapsed = (at.getTime() - start.getTime()) / 1000;
    const schedule = profile.chargingSchedule;
    if (elapsed < 0 || (schedule.duration !== undefined && elapsed >= schedule.duration)) return undefined;
    let current: (typeof schedule.chargingSchedulePeriod)[number] | undefined;
    for (const period of schedule.chargingSchedulePeriod) {
      if (period.startPeriod <= elapsed) current = period;
    }
    if (!current) return undefined;
    const phases = current.numberPhases ?? 3;
    return schedule.chargingRateUnit === 'W'
      ? current.limit
      : (current.limit * this.wattsPerAmp * phases) / 3;
  }
}
