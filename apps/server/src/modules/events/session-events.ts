import { eq, sql } from 'drizzle-orm';
import type { EventData } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { chargePoints } from '../../db/schema/index.js';
import { appendEvent } from './events.repository.js';

/** The parts of a session row its events tell (a structural type: events know no sessions module). */
export interface SessionFacts {
  id: number;
  operatorId: number;
  chargePointId: number;
  connectorId: number;
  chargerTransactionId: string | null;
  idTag: string;
  startedAt: Date;
  stoppedAt: Date | null;
  meterStart: number;
  meterStop: number | null;
  energyWh: number | null;
  stopReason: string | null;
  cost: number | null;
  currency: string | null;
  reviewReasons: string[] | null;
  state: string;
}

/** What a start's event tells: the session as inserted or accepted. */
export type StartFacts = Pick<
  SessionFacts,
  | 'id'
  | 'operatorId'
  | 'chargePointId'
  | 'connectorId'
  | 'chargerTransactionId'
  | 'idTag'
  | 'startedAt'
  | 'meterStart'
>;

/** The charger's OCPP identity, when the caller does not hold it (a close by the stale rule or staff). */
async function identityOf(tx: Tx, chargePointId: number): Promise<string> {
  const [row] = await tx
    .select({ identity: chargePoints.chargePointId })
    .from(chargePoints)
    .where(eq(chargePoints.id, chargePointId));
  return row?.identity ?? '';
}

function ref(s: StartFacts, identity: string) {
  return {
    sessionId: s.id,
    chargePointId: identity,
    connectorId: s.connectorId,
    // 1.6 chargers know the transaction by Voltline's number, 2.0.1 chargers by their own.
    transactionId: s.chargerTransactionId ?? String(s.id),
  };
}

function append(tx: Tx, s: StartFacts, type: string, data: Record<string, unknown>) {
  return appendEvent(tx, {
    operatorId: s.operatorId,
    type,
    chargePointId: s.chargePointId,
    subject: s.id,
    data,
  });
}

/** An accepted session began (a 1.6 Start accepted, a 2.0.1 transaction's token accepted). */
export async function sessionStarted(tx: Tx, s: StartFacts, identity?: string) {
  const data: EventData<'session.started'> = {
    ...ref(s, identity ?? (await identityOf(tx, s.chargePointId))),
    idTag: s.idTag,
    startedAt: s.startedAt.toISOString(),
    meterStartWh: s.meterStart,
  };
  await append(tx, s, 'session.started', data);
}

/** An accepted session closed (the charger's end, the stale rule, staff, a newer transaction). */
export async function sessionStopped(tx: Tx, s: SessionFacts, identity?: string) {
  const data: EventData<'session.stopped'> = {
    ...ref(s, identity ?? (await identityOf(tx, s.chargePointId))),
    idTag: s.idTag,
    startedAt: s.startedAt.toISOString(),
    stoppedAt: s.stoppedAt?.toISOString() ?? null,
    meterStartWh: s.meterStart,
    meterStopWh: s.meterStop,
    energyWh: s.energyWh,
    stopReason: s.stopReason,
  };
  await append(tx, s, 'session.stopped', data);
}

/**
 * A closed session's bill, as written: its first, or a correction (a late end, staff's review).
 * Written before its payment line, so `payment.captured` follows it. A session without a tariff
 * is not billed and tells none.
 */
export async function sessionBilled(
  tx: Tx,
  s: SessionFacts,
  bill: { cost: number; currency: string },
  identity?: string,
) {
  const data: EventData<'session.billed'> = {
    ...ref(s, identity ?? (await identityOf(tx, s.chargePointId))),
    energyWh: s.energyWh,
    amount: bill.cost,
    currency: bill.currency,
  };
  await append(tx, s, 'session.billed', data);
}

/** A closed session held for review, unbilled: its readings are impossible for its connector. */
export async function sessionHeld(tx: Tx, s: SessionFacts, reasons: string[], identity?: string) {
  const data: EventData<'session.held'> = {
    ...ref(s, identity ?? (await identityOf(tx, s.chargePointId))),
    energyWh: s.energyWh,
    reasons,
  };
  await append(tx, s, 'session.held', data);
}

/**
 * The `data` of a `session.updated`, built in SQL from a session row `s` (with its figures as just
 * stored) and its charge point `c`: the MeterValues statement writes it in the same statement.
 */
export const SESSION_UPDATED_DATA = sql.raw(`jsonb_build_object(
    'sessionId', s.id, 'chargePointId', c.charge_point_id, 'connectorId', s.connector_id,
    'transactionId', coalesce(s.charger_transaction_id, s.id::text),
    'meterWh', s.last_meter_wh,
    'energyWh', CASE WHEN s.last_meter_wh IS NULL THEN NULL ELSE greatest(0, s.last_meter_wh - s.meter_start) END,
    'powerW', s.last_power_w, 'soc', s.last_soc, 'at', to_json(now())#>>'{}')`);

/**
 * `session.updated` for running sessions whose figures were just stored (ids with their charger),
 * read and written in one statement. A session no longer running, or not the charger's, gives none.
 */
export async function sessionsUpdated(tx: Tx, due: readonly { id: number; chargePointId: number }[]) {
  if (due.length === 0) return;
  await tx.execute(sql`
    INSERT INTO integration_events (operator_id, type, charge_point_id, subject, data)
    SELECT s.operator_id, 'session.updated', s.charge_point_id, s.id::text, ${SESSION_UPDATED_DATA}
      FROM unnest(${sql.param(due.map((d) => d.id))}::int[], ${sql.param(due.map((d) => d.chargePointId))}::int[])
        AS d(id, cp)
      JOIN charging_sessions s ON s.id = d.id AND s.charge_point_id = d.cp AND s.state = 'active'
      JOIN charge_points c ON c.id = s.charge_point_id
     ORDER BY s.id`);
}

/** How often a running session tells of its figures: at most once a minute. */
export const SESSION_UPDATE_EVERY_MS = 60_000;

/**
 * Which sessions are due a `session.updated`, kept in memory per process (a charger's messages
 * all reach the process holding its socket): a restart may send one early, never more than one a
 * minute otherwise. Asking is not telling: a writer asks `due` in its transaction and calls `told`
 * once that transaction has committed, so a batch rolled back (and written again in parts) leaves
 * its sessions due. Two transactions in flight at once may both tell of one session. Forgets
 * sessions not heard of for a while, so it stays small.
 */
export class SessionUpdateClock {
  private readonly last = new Map<number, number>();
  private sweptAt = 0;

  constructor(private readonly everyMs = SESSION_UPDATE_EVERY_MS) {}

  /** Whether the session is due an update now; changes nothing. */
  due(sessionId: number, now = Date.now()): boolean {
    const at = this.last.get(sessionId);
    return at === undefined || now - at >= this.everyMs;
  }

  /** The updates of these sessions were committed. */
  told(sessionIds: Iterable<number>, now = Date.now()): void {
    for (const id of sessionIds) this.last.set(id, now);
    if (now - this.sweptAt > this.everyMs) {
      this.sweptAt = now;
      for (const [id, t] of this.last) if (now - t >= this.everyMs) this.last.delete(id);
    }
  }
}
