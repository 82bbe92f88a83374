import type { EvChargingNeeds, LimitPeriod, ReportedProfile } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import * as repo from './charger-limits.repository.js';

type Charger = { id: number };

/** One part of a profiles report (K09): the profiles of one EVSE installed by one source. */
export interface ProfilesPart {
  requestId: number;
  /** More parts follow. */
  tbc: boolean;
  evseId: number;
  source: string;
  profiles: ReportedProfile[];
}

/** A limit an external system set (K12): on the charger (evse 0) or one EVSE, with its schedule if told. */
export interface ExternalLimitSet {
  evseId: number;
  source: string;
  gridCritical: boolean;
  schedule: { unit: string; startSchedule: Date | null; periods: LimitPeriod[] } | null;
}

export type CarNeeds = Pick<
  EvChargingNeeds,
  | 'energyTransfer'
  | 'departureTime'
  | 'requestedEnergyWh'
  | 'maxCurrentA'
  | 'minCurrentA'
  | 'maxVoltage'
  | 'maxPowerW'
  | 'stateOfCharge'
>;

/**
 * What chargers tell Voltline of their limits, protocol-neutral: the profiles they hold (K09),
 * limits set on them by others (K12, K13), and what the car asked for (K15, K17).
 */
export class ChargerLimitsOcpp {
  /**
   * @param balanced whether Voltline balances the charger (it is in a smart-charging group), handed
   *   in by services.ts
   */
  constructor(
    private readonly db: Db,
    private readonly balanced: (chargePointDbId: number) => Promise<boolean>,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * One part of a report, kept under its request; the last part (tbc false) makes the report whole
   * and its profiles replace those reported before. A charger's parts arrive in order (the handler
   * runs them one after another).
   */
  async profilesReported(cp: Charger, part: ProfilesPart): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.addProfiles(
        tx,
        cp.id,
        part.requestId,
        part.profiles.map((profile) => ({ evseId: part.evseId, source: part.source, profile })),
      );
      if (!part.tbc) await repo.completeReport(tx, cp.id, part.requestId, this.clock.now());
    });
  }

  /** K12: the limit replaces the same source's earlier one on that EVSE (or on the charger). */
  async limitSet(cp: Charger, limit: ExternalLimitSet): Promise<void> {
    await repo.upsertLimit(this.db, {
      chargePointId: cp.id,
      evseId: limit.evseId,
      source: limit.source,
      gridCritical: limit.gridCritical,
      unit: limit.schedule?.unit ?? null,
      startSchedule: limit.schedule?.startSchedule ?? null,
      periods: limit.schedule?.periods ?? [],
      since: this.clock.now(),
    });
  }

  /** K13: the source's limit on that EVSE (or on the charger) is gone. */
  async limitCleared(cp: Charger, evseId: number, source: string): Promise<void> {
    await repo.clearLimit(this.db, cp.id, evseId, source);
  }

  /**
   * K15: the car's needs, kept with the session running on the EVSE. Voltline can answer them with
   * a charging profile only where it balances the charger (a smart-charging group): there the
   * balancer's next TxProfile stays within what the car can take (Accepted); elsewhere no schedule
   * will come (Rejected).
   */
  async evNeeds(cp: Charger, evseId: number, needs: CarNeeds): Promise<'Accepted' | 'Rejected'> {
    const inGroup = await this.balanced(cp.id);
    const answer = inGroup ? 'Accepted' : 'Rejected';
    await repo.upsertNeeds(this.db, {
      chargePointId: cp.id,
      evseId,
      sessionId: await repo.activeSession(this.db, cp.id, evseId),
      needs,
      answer,
      receivedAt: this.clock.now(),
    });
    return answer;
  }

  /** K17: the schedule the car chose; false when Voltline holds no needs of that EVSE. */
  async evSchedule(
    cp: Charger,
    evseId: number,
    schedule: { unit: string; periods: LimitPeriod[]; startSchedule: string | null },
  ): Promise<boolean> {
    return repo.setSchedule(this.db, cp.id, evseId, schedule, this.clock.now());
  }
}
