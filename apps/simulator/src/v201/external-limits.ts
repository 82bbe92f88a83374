import type { Ocpp201 } from '@voltline/contract';
import type { Station201 } from './station.js';

type Profile201 = Ocpp201.ReportChargingProfilesRequest['chargingProfile'][number];
type Source = Exclude<Ocpp201.ReportChargingProfilesRequest['chargingLimitSource'], 'CSO'>;
type Needs = Ocpp201.NotifyEVChargingNeedsRequest['chargingNeeds'];
type EvSchedule = Ocpp201.NotifyEVChargingScheduleRequest['chargingSchedule'];

/** One limit an external system set: on the station (EVSE 0) or one EVSE. */
export interface ExternalLimit201 {
  evseId: number;
  source: Source;
  /** The profile the station holds for it (purpose ChargingStationExternalConstraints). */
  profile: Profile201;
}

/** Ids of the external constraints profiles the station keeps, apart from the CSMS's. */
const EXTERNAL_PROFILE_ID = 990_000;

/**
 * Limits set on a 2.0.1 station by others than the CSMS, and the car's ISO 15118 messages, as a
 * test or a demo drives them: an energy manager or the grid operator limits the station (K12) and
 * lifts the limit (K13); a car states its needs (K15) and its chosen schedule (K17).
 */
export class ExternalLimits201 {
  private readonly limits = new Map<string, ExternalLimit201>();

  constructor(private readonly station: Station201) {}

  /**
   * K12: the source limits the station (evseId 0 or none) or an EVSE to `limit` (W or A) from now;
   * the station keeps it as a ChargingStationExternalConstraints profile and notifies the CSMS.
   */
  async set(options: {
    source: Source;
    limit: number;
    unit?: 'W' | 'A';
    evseId?: number;
    gridCritical?: boolean;
  }): Promise<Ocpp201.NotifyChargingLimitResponse> {
    const evseId = options.evseId ?? 0;
    const schedule = {
      id: EXTERNAL_PROFILE_ID + this.limits.size,
      startSchedule: this.station.now().toISOString(),
      chargingRateUnit: options.unit ?? 'W',
      chargingSchedulePeriod: [{ startPeriod: 0, limit: options.limit }],
    };
    const key = `${evseId}:${options.source}`;
    this.limits.set(key, {
      evseId,
      source: options.source,
      profile: {
        id: this.limits.get(key)?.profile.id ?? EXTERNAL_PROFILE_ID + this.limits.size,
        stackLevel: 0,
        chargingProfilePurpose: 'ChargingStationExternalConstraints',
        chargingProfileKind: 'Absolute',
        chargingSchedule: [schedule],
      },
    });
    return await this.station.send('NotifyChargingLimit', {
      chargingLimit: { chargingLimitSource: options.source, isGridCritical: options.gridCritical ?? false },
      ...(evseId > 0 ? { evseId } : {}),
      chargingSchedule: [schedule],
    });
  }

  /** K13: the source lifted its limit; the station forgets it and tells the CSMS. */
  async clear(source: Source, evseId = 0): Promise<Ocpp201.ClearedChargingLimitResponse> {
    this.limits.delete(`${evseId}:${source}`);
    return await this.station.send('ClearedChargingLimit', {
      chargingLimitSource: source,
      ...(evseId > 0 ? { evseId } : {}),
    });
  }

  /** The limits held, for GetChargingProfiles (K09: reported with their own source). */
  held(evseId: number | undefined, criteria: Ocpp201.GetChargingProfilesRequest['chargingProfile']) {
    return [...this.limits.values()].filter(
      (l) =>
        (evseId === undefined || evseId === l.evseId) &&
        (!criteria.chargingProfilePurpose ||
          criteria.chargingProfilePurpose === 'ChargingStationExternalConstraints') &&
        (criteria.stackLevel === undefined || criteria.stackLevel === l.profile.stackLevel) &&
        (!criteria.chargingProfileId || criteria.chargingProfileId.includes(l.profile.id)) &&
        (!criteria.chargingLimitSource || criteria.chargingLimitSource.includes(l.source)),
    );
  }

  /** K15: the car on the EVSE states its needs; resolves with the CSMS's answer. */
  async evNeeds(evseId: number, needs: Needs): Promise<Ocpp201.NotifyEVChargingNeedsResponse> {
    return await this.station.send('NotifyEVChargingNeeds', { evseId, chargingNeeds: needs });
  }

  /** K17: the car chose a schedule within the station's profile. */
  async evSchedule(
    evseId: number,
    chargingSchedule: EvSchedule,
  ): Promise<Ocpp201.NotifyEVChargingScheduleResponse> {
    return await this.station.send('NotifyEVChargingSchedule', {
      evseId,
      timeBase: this.station.now().toISOString(),
      chargingSchedule,
    });
  }
}
