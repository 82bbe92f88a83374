import type { Ocpp } from '@voltline/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  authorizeCard,
  authorizeIdTag,
  type CardAnswer,
  type CardVerdict,
} from '../drivers/authorization.js';
import { linkRoamingSession } from '../drivers/roaming-tokens.js';
import type { OcppChargePoint } from '../charge-points/charge-points.repository.js';
import { snapshotOf, tariffOfConnector } from '../tariffs/tariffs.repository.js';
import { closeAtChargerStop, closeSuperseded } from './stop.js';
import { CLOSED_WITHOUT_STOP } from './stop-reasons.js';
import { GroupCommit, type JobLane, type Lane } from '../../lib/coalescer.js';
import * as repo from './sessions.repository.js';
import { earliestStart, type ConnectionWitness } from './witness.js';
import { SessionUpdateClock, sessionStarted } from '../events/session-events.js';

/** What a StartTransaction's reservationId does: find the booking it names, mark it used. */
export interface BookingStarts {
  find(
    tx: Tx,
    chargePointId: number,
    reservationId: number,
    idTag: string,
    at: Date,
  ): Promise<{ id: number; sameCard: boolean } | null>;
  use(tx: Tx, bookingId: number, sessionId: number, at: Date): Promise<void>;
}

type SampledValue = Ocpp.MeterValuesRequest['meterValue'][number]['sampledValue'][number];
type MeterValue = Ocpp.MeterValuesRequest['meterValue'][number];

/** The part of an authorization result a charger is told (its protocol's adapter words it). */
function forCharger(info: CardAnswer): CardAnswer {
  const { status, expiryDate, groupIdToken } = info;
  return { status, ...(expiryDate ? { expiryDate } : {}), ...(groupIdToken ? { groupIdToken } : {}) };
}

/** A start's answer: the session and the card's verdict. */
export interface StartAnswer {
  transactionId: number;
  idTagInfo: CardAnswer;
}

/** A stop's answer: the stopping card's verdict, when the stop named a card. */
export interface StopAnswer {
  idTagInfo?: CardAnswer;
}

const ENERGY = 'Energy.Active.Import.Register';

/** Flattens OCPP meter values into rows, one per sampled value. */
export function meterRows(
  chargePointId: number,
  connectorId: number,
  sessionId: number | null,
  values: MeterValue[],
): repo.NewMeterValue[] {
  return values.flatMap((mv) =>
    mv.sampledValue.map((sv: SampledValue) => {
      const numeric = sv.format === 'SignedData' ? null : Number(sv.value);
      return {
        chargePointId,
        connectorId,
        sessionId,
        at: new Date(mv.timestamp),
        measurand: sv.measurand ?? ENERGY,
        phase: sv.phase ?? null,
        unit: sv.unit ?? (sv.measurand === undefined || sv.measurand.startsWith('Energy') ? 'Wh' : null),
        context: sv.context ?? 'Sample.Periodic',
        location: sv.location ?? null,
        format: sv.format ?? 'Raw',
        value: sv.value,
        numeric: numeric !== null && Number.isFinite(numeric) ? numeric : null,
      };
    }),
  );
}

/** The newest energy register (Wh), power (W) and state of charge among the rows, if any. */
export function liveFigures(rows: repo.NewMeterValue[]) {
  const live: { lastMeterWh?: number; lastPowerW?: number; lastSoc?: number } = {};
  const sorted = [...rows].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const r of sorted) {
    if (r.numeric === null || r.numeric === undefined || (r.phase && r.measurand !== 'SoC')) continue;
    const k = r.unit === 'kWh' || r.unit === 'kW' ? 1000 : 1;
    if (r.measurand === ENERGY) {
      // A register beyond exact integers is kept in the samples, not as the session's reading.
      const wh = Math.round(r.numeric * k);
      if (Number.isSafeInteger(wh)) live.lastMeterWh = wh;
    } else if (r.measurand === 'Power.Active.Import') live.lastPowerW = r.numeric * k;
    else if (r.measurand === 'SoC') live.lastSoc = r.numeric;
  }
  return live;
}

/**
 * Starts and stops in one transaction at most: about 5 and 10 statements each, so a transaction
 * stays within tens of milliseconds and other chargers' meter values are not kept waiting behind
 * a burst of starts.
 */
const SESSION_JOBS_PER_TRANSACTION = 50;

/** Charging sessions as the OCPP handlers drive them. Every method is safe to repeat. */
/** A MeterValues waiting for its transaction; `updated`: the session it told of, once committed. */
interface MeterWrite {
  cp: OcppChargePoint;
  req: Ocpp.MeterValuesRequest;
  updated: number[];
}

export class SessionsOcpp {
  /**
   * MeterValues of many chargers share transactions: BEGIN and COMMIT (and the commit's flush to
   * disk) once per batch instead of once per message, and with the central system's group commit
   * (`writes`) the same transaction as other chargers' heartbeats and status reports. A charger's
   * messages stay in order because the central system runs them one after another per charger. A
   * batch is three statements whatever its size, so batches are large and few: with 10,000
   * chargers, 50 per batch and eight writers queued MeterValues for seconds; 1,000 and two
   * writers answer in about 100 ms.
   */
  private readonly meterWrites: Lane<MeterWrite>;
  /**
   * StartTransaction and StopTransaction share the group commit's transactions too (a start or a
   * stop of its own was a BEGIN and a COMMIT, and a commit's flush, per message; when every
   * connector starts at once, thousands of them queued for the pool). Each still reads and decides
   * on its own, in turn, and is answered once stored.
   */
  private readonly sessionWrites: JobLane<Tx>;
  /** Which running sessions are due a `session.updated` (at most once a minute each). */
  private readonly updates = new SessionUpdateClock();

  constructor(
    db: Db,
    /** Bookings a start may use (wired in services.ts: bookings sit above sessions). */
    private readonly bookings?: BookingStarts,
    /** The OCPP writes' group commit (services.ts); its own when absent. */
    writes: GroupCommit<Tx> = new GroupCommit<Tx>((write) => db.transaction(write)),
  ) {
    this.meterWrites = writes.lane((tx, batch) => this.storeMeterValues(tx, batch), { oneStatement: true });
    this.sessionWrites = writes.jobs({ maxPerTransaction: SESSION_JOBS_PER_TRANSACTION });
  }

  /**
   * Every Start is answered and stored. One Voltline does not accept (unknown, blocked or expired
   * card, or one already charging) is kept as a refused session: the charger may charge anyway
   * (StopTransactionOnInvalidId false), and its energy is recorded, but it never counts as the
   * card's running session and is never billed.
   */
  startTransaction(
    cp: OcppChargePoint,
    req: Ocpp.StartTransactionRequest,
    /** What Voltline knows of the charger's connection (none: judged as sent live). */
    link?: ConnectionWitness,
  ): Promise<StartAnswer> {
    const startedAt = new Date(req.timestamp);
    // Kept beside the charger's time: the session's energy is judged by both (witness.ts).
    const startReceivedAt = new Date();
    const earliestStartAt = earliestStart(startedAt, startReceivedAt, link);
    return this.sessionWrites.run(async (tx) => {
      // A charger that resends its Start after a reconnect gets the session it already has; else
      // the sessions still running on the connector are superseded. One statement reads both.
      const { resent, running } = await repo.startCandidates(
        tx,
        cp.id,
        req.connectorId,
        req.meterStart,
        startedAt,
      );
      if (resent) return { transactionId: resent.id, idTagInfo: await this.answerAgain(tx, cp, req, resent) };
      await closeSuperseded(tx, cp.chargePointId, req.connectorId, startedAt, running);
      // The card, and whether it has an accepted session running, in one statement.
      const { busy: cardRunning, ...card } = await authorizeCard(
        tx,
        req.idTag,
        cp.operatorPath,
        true,
        new Date(),
        { chargePointId: cp.id, record: true },
      );
      const busy = card.status === 'Accepted' && card.rfidCardId !== undefined && cardRunning === true;
      // A booking of this charge point named by the start: only its own card may use it.
      const booking =
        req.reservationId !== undefined && this.bookings
          ? await this.bookings.find(tx, cp.id, req.reservationId, req.idTag, startedAt)
          : null;
      const status: CardVerdict =
        booking && !booking.sameCard ? 'Invalid' : busy ? 'ConcurrentTx' : card.status;
      // The tariff in force at the start is the one the session is billed by, whatever changes later.
      const tariff = await tariffOfConnector(tx, cp.id, req.connectorId, startedAt);
      const values = {
        tariffId: tariff?.id ?? null,
        tariffSnapshot: tariff ? snapshotOf(tariff) : null,
        currency: tariff?.currency ?? null,
        chargePointId: cp.id,
        operatorId: cp.operatorId,
        connectorId: req.connectorId,
        idTag: req.idTag,
        rfidCardId: card.rfidCardId ?? null,
        driverId: card.driverId ?? null,
        reservationId: req.reservationId ?? null,
        meterStart: req.meterStart,
        lastMeterWh: req.meterStart,
        startedAt,
        startReceivedAt,
        earliestStartAt,
        state: status === 'Accepted' ? 'active' : 'refused',
        authorization: status,
      };
      const inserted = await repo.insertSession(tx, values);
      if (inserted) {
        if (booking?.sameCard && status === 'Accepted')
          await this.bookings?.use(tx, booking.id, inserted.id, startedAt);
        if (status === 'Accepted') {
          const started = { ...values, id: inserted.id, chargerTransactionId: null };
          await sessionStarted(tx, started, cp.chargePointId);
          // A roaming partner's token: the session is the partner's (issue #31).
          if (card.roaming) await linkRoamingSession(tx, inserted.id, card.roaming);
        }
        return { transactionId: inserted.id, idTagInfo: forCharger({ ...card, status }) };
      }
      const again = await repo.findResentStart(tx, cp.id, req.connectorId, req.meterStart, startedAt);
      if (again) return { transactionId: again.id, idTagInfo: await this.answerAgain(tx, cp, req, again) };
      // The index of running sessions per card refused the row: another charger's start of the
      // same card committed first. This one is refused, whatever order the two were read in.
      const refused = await repo.insertSession(tx, {
        ...values,
        state: 'refused',
        authorization: 'ConcurrentTx',
      });
      if (!refused) throw new Error('session insert lost');
      return { transactionId: refused.id, idTagInfo: forCharger({ ...card, status: 'ConcurrentTx' }) };
    });
  }

  /** The answer to a resent Start: a refused session keeps its refusal; an accepted one, its card's state. */
  private async answerAgain(
    tx: Tx,
    cp: OcppChargePoint,
    req: Ocpp.StartTransactionRequest,
    session: { state: string; authorization: string },
  ): Promise<CardAnswer> {
    if (session.state === 'refused') return { status: session.authorization as CardVerdict };
    return forCharger(await authorizeIdTag(tx, req.idTag, cp.operatorPath));
  }

  async meterValues(cp: OcppChargePoint, req: Ocpp.MeterValuesRequest): Promise<Ocpp.MeterValuesResponse> {
    const write: MeterWrite = { cp, req, updated: [] };
    await this.meterWrites.add(write);
    // Committed: the sessions told of in that transaction are not due again for a minute.
    this.updates.told(write.updated);
    return {};
  }

  /**
   * A batch of MeterValues in one statement whatever its size: its samples, each with its session
   * when the transaction is the charger's own, and the live figures of its running sessions (a
   * refused session the charger runs anyway has its energy recorded as well).
   */
  private async storeMeterValues(tx: Tx, batch: MeterWrite[]) {
    const all: repo.NewMeterValue[] = [];
    const live = new Map<string, { id: number; chargePointId: number; figures: repo.LiveFigures }>();
    for (const { cp, req } of batch) {
      const txId = req.transactionId ?? null;
      const rows = meterRows(cp.id, req.connectorId, txId, req.meterValue);
      all.push(...rows);
      if (txId === null) continue;
      const figures = liveFigures(rows);
      if (
        figures.lastMeterWh === undefined &&
        figures.lastPowerW === undefined &&
        figures.lastSoc === undefined
      )
        continue;
      const key = `${txId}:${cp.id}`;
      live.set(key, { id: txId, chargePointId: cp.id, figures: { ...live.get(key)?.figures, ...figures } });
    }
    const sessions = [...live.values()];
    const due = sessions.filter((l) => l.figures.lastMeterWh !== undefined && this.updates.due(l.id));
    // Each write learns which of its sessions this transaction tells of (a write run again in a
    // smaller transaction after a failure learns it afresh).
    const told = new Set(due.map((l) => `${l.id}:${l.chargePointId}`));
    for (const w of batch) {
      const id = w.req.transactionId;
      w.updated = id != null && told.has(`${id}:${w.cp.id}`) ? [id] : [];
    }
    await repo.storeMeterBatch(
      tx,
      all,
      sessions,
      due.map((l) => l.id),
    );
  }

  stopTransaction(cp: OcppChargePoint, req: Ocpp.StopTransactionRequest): Promise<StopAnswer> {
    const stopReceivedAt = new Date();
    return this.sessionWrites.run(async (tx) => {
      const found = await repo.lockSessionForStop(tx, cp.id, req.transactionId);
      const session = found?.session;
      const auth = req.idTag ? await authorizeIdTag(tx, req.idTag, cp.operatorPath) : undefined;
      const answer = auth ? { idTagInfo: forCharger(auth) } : {};
      if (!session) {
        // Never lose a Stop: keep it for the operator to reconcile.
        await repo.insertUnmatchedStop(tx, cp.id, req.transactionId, req);
        return answer;
      }
      // The charger's own Stop for a session closed for want of one (by the stale rule or by
      // staff), even one held for review for its last reading: its figures replace that reading,
      // and the bill follows. Any other resent Stop changes nothing.
      const closedWithoutStop = CLOSED_WITHOUT_STOP.has(session.stopReason ?? '');
      const lateStop = (session.state === 'failed' || session.state === 'review') && closedWithoutStop;
      const refused = session.state === 'refused' && (session.stoppedAt === null || closedWithoutStop);
      if (session.state !== 'active' && !lateStop && !refused) return answer;
      const rows = meterRows(cp.id, session.connectorId, session.id, req.transactionData ?? []);
      await repo.insertMeterValues(tx, rows);
      await closeAtChargerStop(
        tx,
        cp.chargePointId,
        { session, maxPowerW: found?.maxPowerW ?? null },
        {
          meterStop: req.meterStop,
          stoppedAt: new Date(req.timestamp),
          stopReceivedAt,
          stopReason: req.reason ?? 'Local',
          stopIdTag: req.idTag ?? null,
        },
        { refused, lateStop },
      );
      return answer;
    });
  }
}
