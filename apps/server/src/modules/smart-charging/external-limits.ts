import type { ChargingRateUnit, LimitPeriod } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { limitsOf, needsOf } from '../charger-limits/charger-limits.repository.js';
import { limitInForce } from '../charger-limits/limit-now.js';
import type { AllocationInput } from './allocation.js';
import { wattsPer } from './schedule.js';

/**
 * A ceiling Voltline did not choose over some of a group's connectors: a limit an external system
 * (an energy management system, the grid operator) set on a charger or one EVSE, or the most the
 * car on a connector can take. The balancer never allocates above it. Figures in the group's unit.
 */
export interface Ceiling {
  /** The connectors it covers (allocation keys `chargerDbId:connectorId`). */
  keys: string[];
  limit: number;
}

/**
 * The inputs with their maximum lowered under the ceilings. A ceiling over several connectors is
 * shared among the charging ones (the idle ones get none of it), or among all when none charges, so
 * whatever the allocation does within the maximums, the sum stays under the ceiling.
 */
export function underCeilings(inputs: AllocationInput[], ceilings: Ceiling[]): AllocationInput[] {
  const max = new Map(inputs.map((i) => [i.key, i.maximum]));
  for (const c of ceilings) {
    const covered = inputs.filter((i) => c.keys.includes(i.key));
    const charging = covered.filter((i) => i.charging);
    const sharing = charging.length > 0 ? charging : covered;
    const each = Math.max(0, c.limit) / Math.max(1, sharing.length);
    for (const i of covered) {
      const share = sharing.includes(i) ? each : 0;
      max.set(i.key, Math.min(max.get(i.key) ?? i.maximum, share));
    }
  }
  return inputs.map((i) => ({ ...i, maximum: max.get(i.key) ?? i.maximum }));
}

/** A limit in its own unit, in the group's. */
function inUnit(p: LimitPeriod, from: ChargingRateUnit, to: ChargingRateUnit, phases: number): number {
  return (p.limit * wattsPer(from, p.numberPhases ?? phases)) / wattsPer(to, phases);
}

const CAR_PHASES: Record<string, number> = { AC_single_phase: 1, AC_two_phase: 2, AC_three_phase: 3 };

/**
 * The ceilings over a group's chargers now: every external limit in force (EVSE 0: the whole
 * charger, EVSE N: connector N) and what each running session's car said it can take.
 */
export async function ceilingsOf(
  tx: Tx,
  connectors: { chargePointId: number; connectorId: number }[],
  sessions: Map<string, { id: number }>,
  group: { unit: ChargingRateUnit; phases: number },
  now: Date,
): Promise<Ceiling[]> {
  const ids = [...new Set(connectors.map((c) => c.chargePointId))];
  const keysOf = (cpId: number, evseId: number) =>
    connectors
      .filter((c) => c.chargePointId === cpId && (evseId === 0 || c.connectorId === evseId))
      .map((c) => `${c.chargePointId}:${c.connectorId}`);
  const out: Ceiling[] = [];
  for (const l of await limitsOf(tx, ids)) {
    const p = l.unit ? limitInForce(l.startSchedule ?? l.since, l.periods as LimitPeriod[], now) : null;
    if (!p || !l.unit) continue;
    out.push({
      keys: keysOf(l.chargePointId, l.evseId),
      limit: inUnit(p, l.unit as ChargingRateUnit, group.unit, group.phases),
    });
  }
  for (const n of await needsOf(tx, ids)) {
    const key = `${n.chargePointId}:${n.evseId}`;
    if (n.sessionId === null || sessions.get(key)?.id !== n.sessionId) continue;
    const needs = n.needs as {
      energyTransfer?: string;
      maxCurrentA?: number | null;
      maxPowerW?: number | null;
    };
    const carPhases = CAR_PHASES[needs.energyTransfer ?? ''];
    let watts: number | null = null;
    if (needs.maxPowerW) watts = needs.maxPowerW;
    else if (needs.maxCurrentA && carPhases) {
      // A per phase: the car's own figure where the group counts in A, its watts otherwise.
      if (group.unit === 'A') {
        out.push({ keys: [key], limit: needs.maxCurrentA });
        continue;
      }
      watts = needs.maxCurrentA * wattsPer('A', carPhases);
    }
    if (watts !== null) out.push({ keys: [key], limit: watts / wattsPer(group.unit, group.phases) });
  }
  return out;
}
