import type { Tx } from '../../db/client.js';
import { audit, NO_USER } from '../audit/audit.service.js';
import { billSession } from './billing.js';
import { closeAtLastReading } from './close.js';
import { SUPERSEDED_STOP_REASON } from './stop-reasons.js';
import { costAtClose, settleSession } from './review.js';
import * as repo from './sessions.repository.js';
import { usageSamples } from './usage.repository.js';
import { sessionStopped } from '../events/session-events.js';

/** What a charger says at the end of a transaction, whatever its protocol. */
export interface ChargerStop {
  meterStop: number;
  stoppedAt: Date;
  stopReceivedAt: Date;
  stopReason: string;
  stopIdTag: string | null;
}

/**
 * The one close of a session at its charger's end (a 1.6 StopTransaction, a 2.0.1 Ended event),
 * on the session locked for it (`lockSessionForStop`): the charger's figures are written, and the
 * session is billed, or held for review when its readings are impossible for the connector. A
 * refused session stays refused: its energy is on record, its bill is nothing. `lateStop`: the
 * session had been closed for want of an end (stale rule, staff), and the charger's own end
 * settles it once; the audit line names the charger. Answers the settled session when billed.
 */
export async function closeAtChargerStop(
  tx: Tx,
  chargePointId: string,
  found: NonNullable<Awaited<ReturnType<typeof repo.lockSessionForStop>>>,
  stop: ChargerStop,
  how: { refused: boolean; lateStop: boolean },
) {
  const s = found.session;
  const closing = {
    ...stop,
    lastMeterWh: stop.meterStop,
    energyWh: Math.max(0, stop.meterStop - s.meterStart),
    state: how.refused ? ('refused' as const) : ('completed' as const),
  };
  // A first bill of possible readings is written by the update that closes the session, priced
  // by the meter samples read once for it and for the payment line.
  const samples = how.refused ? [] : await usageSamples(tx, s);
  const firstBill = how.refused ? undefined : costAtClose({ ...s, ...closing }, found.maxPowerW, samples);
  const done = await repo.closeAtStop(tx, s.id, { ...closing, ...firstBill });
  if (how.refused || !done) return undefined;
  // Its end was told when it was closed without one; a late end tells the corrected bill only.
  if (!how.lateStop) await sessionStopped(tx, done, chargePointId);
  const settled = firstBill
    ? { ...done, ...(await billSession(tx, done, { costWritten: true, identity: chargePointId, samples })) }
    : await settleSession(tx, done, found.maxPowerW, chargePointId);
  if (how.lateStop) {
    await audit(tx, NO_USER, {
      action: 'completeLate',
      entity: 'session',
      entityId: s.id,
      summary: { chargePointId, energyWh: [s.energyWh, settled.energyWh], cost: [s.cost, settled.cost] },
    });
  }
  return settled;
}

/**
 * A new transaction on a connector means the charger forgot the ones before (it vanished
 * mid-session and lost their end): each is closed at its last reading as superseded and billed (a
 * refused one unbilled), at the new start or its own last news if earlier. If its end still comes,
 * it settles it once. Whatever the protocol that started the new one.
 */
export async function closeSuperseded(
  tx: Tx,
  chargePointId: string,
  connectorId: number,
  at: Date,
  running: repo.SessionRow[],
) {
  for (const old of running) {
    const done = await closeAtLastReading(tx, old, {
      stopReason: SUPERSEDED_STOP_REASON,
      stoppedAt: old.updatedAt < at ? old.updatedAt : at,
      identity: chargePointId,
    });
    await audit(tx, NO_USER, {
      action: 'closeSuperseded',
      entity: 'session',
      entityId: old.id,
      summary: { chargePointId, connectorId, energyWh: done?.energyWh ?? null },
    });
  }
}
