import type { ReviewReason, TariffSnapshot } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { audit, NO_USER } from '../audit/audit.service.js';
import { billSession, costOfSession, rebillSession, type Billed } from './billing.js';
import * as repo from './sessions.repository.js';
import { sessionHeld } from '../events/session-events.js';
import { judgedSpan, type WitnessedTimes } from './witness.js';
import type { UsageSample } from '../tariffs/pricing.js';

/** The power assumed for a connector that declares none: 1 MW, beyond any charger sold today. */
export const DEFAULT_MAX_POWER_W = 1_000_000;
/** Meters and clocks are not exact: 10 % over the connector's power, and 1 kWh, are allowed. */
export const POWER_MARGIN = 1.1;
export const ENERGY_ALLOWANCE_WH = 1_000;

interface Readings extends WitnessedTimes {
  meterStart: number;
  meterStop: number | null;
  tariffSnapshot: unknown;
}

/**
 * What makes a closed session's readings impossible for its connector: a negative meter, a meter
 * that went back, a stop before the start, more energy than the connector's power over the time
 * (with a margin), or a cost beyond exact integers. Empty when the readings are possible. The time
 * is the charger's, bounded by what Voltline witnessed (witness.ts): when a time the charger sent
 * was impossible and the energy is beyond the power over the time witnessed, `chargerClock` says so.
 */
export function impossibleReadings(s: Readings, maxPowerW: number | null): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  const stop = s.meterStop ?? s.meterStart;
  if (s.meterStart < 0 || stop < 0) reasons.push('negativeMeter');
  if (stop < s.meterStart) reasons.push('meterWentBack');
  // A stop before the start as the charger sent it, or as Voltline judges it.
  const span = judgedSpan(s);
  const seconds = (span.to.getTime() - span.from.getTime()) / 1000;
  if (seconds < 0 || (s.stoppedAt !== null && s.stoppedAt < s.startedAt)) reasons.push('negativeDuration');
  const energy = Math.max(0, stop - s.meterStart);
  const power = maxPowerW ?? DEFAULT_MAX_POWER_W;
  const possible = (power * Math.max(0, seconds) * POWER_MARGIN) / 3600 + ENERGY_ALLOWANCE_WH;
  if (energy > possible) reasons.push('energyBeyondPower');
  if (energy > possible && span.clock) reasons.push('chargerClock');
  const tariff = s.tariffSnapshot as TariffSnapshot | null;
  if (tariff && costOfSession(tariff, s, energy) === null) reasons.push('costOutOfRange');
  return reasons;
}

/**
 * The first bill of a session being closed, when it can be written by the update that closes it
 * (a StopTransaction's, sparing a second update of the row and two runs of the rollup trigger):
 * never billed before, a tariff, and possible readings. Undefined otherwise: settleSession then
 * decides after the close.
 */
export function costAtClose(
  s: repo.SessionRow,
  maxPowerW: number | null,
  /** The session's meter samples (usage.repository.ts). */
  samples: UsageSample[],
): Billed | undefined {
  const tariff = s.tariffSnapshot as TariffSnapshot | null;
  if (s.cost !== null || !tariff || impossibleReadings(s, maxPowerW).length > 0) return undefined;
  const cost = costOfSession(tariff, s, undefined, samples);
  return cost === null ? undefined : { cost, currency: tariff.currency };
}

/**
 * Bills a session that just closed (its charger's Stop, a late Stop, or a close at its last
 * reading), unless its readings are impossible: then it is held for review, unbilled (a charge
 * made before, at an earlier close, stands until staff settle it). Returns the row as it is now.
 */
export async function settleSession(
  tx: Tx,
  s: repo.SessionRow,
  /** The connector's power when the caller read it with the session (a StopTransaction does). */
  knownMaxPowerW?: number | null,
  /** The charger's OCPP identity, when the caller holds it (for the session's events). */
  identity?: string,
): Promise<repo.SessionRow> {
  const maxPowerW =
    knownMaxPowerW === undefined
      ? await repo.connectorMaxPowerW(tx, s.chargePointId, s.connectorId)
      : knownMaxPowerW;
  const reasons = impossibleReadings(s, maxPowerW);
  if (reasons.length > 0) {
    const held = await repo.completeSession(tx, s.id, { state: 'review', reviewReasons: reasons });
    await sessionHeld(tx, held ?? s, reasons, identity);
    // No user did this: the audit line shows the readings as the charger sent them.
    await audit(tx, NO_USER, {
      action: 'holdForReview',
      entity: 'session',
      entityId: s.id,
      summary: {
        reasons,
        meterStart: s.meterStart,
        meterStop: s.meterStop,
        startedAt: s.startedAt.toISOString(),
        stoppedAt: s.stoppedAt?.toISOString() ?? null,
        // What Voltline witnessed beside the charger's times.
        startReceivedAt: s.startReceivedAt?.toISOString() ?? null,
        earliestStartAt: s.earliestStartAt?.toISOString() ?? null,
        stopReceivedAt: s.stopReceivedAt?.toISOString() ?? null,
        maxPowerW,
      },
    });
    return held ?? s;
  }
  const billed = await charge(tx, s, identity);
  // Billing changes the cost and currency alone (in this transaction, so updatedAt stays `now()`).
  return billed ? { ...s, ...billed } : s;
}

/**
 * Charges a session by its figures now: a first bill, or, when it was billed before (closed at
 * its last reading, then corrected), the difference. A cost beyond exact integers is refused.
 */
export async function charge(tx: Tx, s: repo.SessionRow, identity?: string): Promise<Billed | undefined> {
  const tariff = s.tariffSnapshot as TariffSnapshot | null;
  if (tariff && costOfSession(tariff, s) === null) {
    throw new AppError(409, 'session.costOutOfRange');
  }
  return s.cost === null ? billSession(tx, s, { identity }) : rebillSession(tx, s, s.cost, identity);
}
