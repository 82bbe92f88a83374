import type { Db, Tx } from '../../db/client.js';
import type { OcppChargePoint } from '../charge-points/charge-points.repository.js';
import { snapshotOf, tariffOfConnector } from '../tariffs/tariffs.repository.js';
import { GroupCommit, type JobLane } from '../../lib/coalescer.js';
import { runningCost } from './billing.js';
import { isOpen } from './close.js';
import { closeAtChargerStop, closeSuperseded } from './stop.js';
import { CLOSED_WITHOUT_STOP } from './stop-reasons.js';
import type { BookingStarts } from './sessions.ocpp.js';
import * as repo from './sessions.repository.js';
import * as txRepo from './transactions.repository.js';
import {
  foldSummary,
  mergeSummaries,
  summarize,
  summarizeAll,
  type TxFold,
  type TxSummary,
} from './transactions.fold.js';
import type { ChargerTxEvent, MeterSample } from './transactions.fold.js';
import {
  AWAITING_TOKEN,
  authorizeSession,
  recordedAnswer,
  tokenAnswer,
  type TokenAnswer,
} from './transactions.auth.js';
import { earliestStart, type ConnectionWitness } from './witness.js';
import { SessionUpdateClock, sessionsUpdated } from '../events/session-events.js';

export type { ChargerTxEvent, MeterSample } from './transactions.fold.js';
export type { TokenAnswer, TokenStatus } from './transactions.auth.js';

/** What a transaction event is answered: the event's token's status, the cost once billed. */
export interface TxEventAnswer {
  token?: TokenAnswer;
  /** The session's cost in minor units and its currency, when the event closed a billed session. */
  cost?: { amount: number; currency: string };
  /**
   * What the running session has cost so far, after an Updated event that carried an energy
   * reading (the charger may show it: OCPP 2.0.1 CostUpdated).
   */
  runningCost?: { amount: number; currency: string };
  /** The session's EVSE once known: a 2.0.1 charger names it in the first event only. */
  connectorId?: number;
}

const ENERGY_REGISTER = 'Energy.Active.Import.Register';

/** Reads back a stored event (the adapter's translation of the frame it stored). */
export type DecodeEvent = (payload: Record<string, unknown>) => ChargerTxEvent;

/**
 * Sessions of chargers that name their own transactions and report them as events (OCPP 2.0.1).
 * Every event is stored once; the session is the fold of its stored events (transactions.fold.ts),
 * so events resent, late or out of order give the same session. The session then goes through the
 * same pipeline as a 1.6 one: tariff at the start, supersede, bookings, card rules, billing or
 * review at the close, the stale rule while the end never arrives complete.
 */
export class SessionTransactions {
  private readonly jobs: JobLane<Tx>;
  /** Which running sessions are due a `session.updated` (at most once a minute each). */
  private readonly updates = new SessionUpdateClock();

  constructor(
    db: Db,
    private readonly bookings?: BookingStarts,
    writes: GroupCommit<Tx> = new GroupCommit<Tx>((write) => db.transaction(write)),
  ) {
    this.jobs = writes.jobs({ maxPerTransaction: 50 });
  }

  /** One transaction event: stored, folded into its session, answered. Safe to repeat. */
  async event(
    cp: OcppChargePoint,
    ev: ChargerTxEvent,
    payload: Record<string, unknown>,
    decode: DecodeEvent,
    link?: ConnectionWitness,
  ): Promise<TxEventAnswer> {
    const receivedAt = new Date();
    // The session told of, once the job's transaction commits (a job may run more than once).
    let updated: number | undefined;
    const result = await this.jobs.run(async (tx) => {
      updated = undefined;
      let s = await txRepo.lockByChargerTx(tx, cp.id, ev.transactionId);
      const stored = await txRepo.insertEvent(tx, {
        chargePointId: cp.id,
        transactionId: ev.transactionId,
        seqNo: ev.seqNo,
        eventType: ev.kind,
        triggerReason: ev.trigger,
        at: ev.at,
        offline: ev.offline,
        payload,
        sessionId: s?.id ?? null,
      });
      // A resent event changes nothing and hears what it heard the first time.
      if (!stored && s) return { ...(ev.token ? { token: await this.answerFor(tx, cp, s, ev.token) } : {}) };
      // The session keeps the summary of its events: one more is a merge. Only a transaction
      // first heard of (or a session from before summaries) reads its stored events.
      const summary =
        s?.txFold && stored
          ? mergeSummaries(s.txFold as unknown as TxSummary, summarize(ev))
          : summarizeAll((await txRepo.eventsOf(tx, cp.id, ev.transactionId)).map((r) => decode(r.payload)));
      const fold = foldSummary(summary);
      if (!s) {
        s = await this.create(tx, cp, ev.transactionId, fold, summary, receivedAt, link);
        await txRepo.linkEvents(tx, cp.id, ev.transactionId, s.id);
      }
      const ended = fold.ended?.complete ? fold.ended : undefined;
      if (isOpen(s) || (ended && closable(s))) s = await this.refold(tx, cp, s, fold, summary, link);
      else await txRepo.keepSummary(tx, s.id, summary);
      await repo.insertMeterValues(tx, rowsOf(cp.id, s.connectorId, s.id, ev.samples));
      let answer: TokenAnswer | undefined;
      if (fold.token && isOpen(s) && (s.authorization === AWAITING_TOKEN || s.idTag !== fold.token.idTag)) {
        const done = await authorizeSession(tx, cp, s, fold.token, this.bookings);
        s = done.session;
        if (ev.token?.idTag === fold.token.idTag) answer = done.answer;
      }
      if (ev.token && !answer) answer = await this.answerFor(tx, cp, s, ev.token);
      const cost = ended ? await this.close(tx, cp, s, ended, receivedAt) : undefined;
      const metered = ev.kind === 'Updated' && ev.samples.some((x) => x.measurand === ENERGY_REGISTER);
      const running = metered && s.state === 'active' ? runningCost(s) : undefined;
      if (metered && s.state === 'active' && this.updates.due(s.id)) {
        await sessionsUpdated(tx, [{ id: s.id, chargePointId: cp.id }]);
        updated = s.id;
      }
      return {
        ...(answer ? { token: answer } : {}),
        ...(cost ? { cost } : {}),
        ...(running ? { runningCost: running } : {}),
        ...(s.connectorId > 0 ? { connectorId: s.connectorId } : {}),
      };
    });
    if (updated !== undefined) this.updates.told([updated]);
    return result;
  }

  /** Samples a charger sends outside its transactions (a connector's or the charger's own meter). */
  meterValues(cp: OcppChargePoint, connectorId: number, samples: MeterSample[]): Promise<void> {
    return this.jobs.run((tx) => repo.insertMeterValues(tx, rowsOf(cp.id, connectorId, null, samples)));
  }

  private async answerFor(
    tx: Tx,
    cp: OcppChargePoint,
    s: repo.SessionRow,
    token: { idTag: string; free: boolean },
  ) {
    // A refused session keeps its refusal; any other token hears its card's state now (as 1.6 does).
    return s.idTag === token.idTag && s.state === 'refused' && s.authorization !== AWAITING_TOKEN
      ? recordedAnswer(s)
      : tokenAnswer(tx, cp, token);
  }

  /**
   * The session of a transaction first heard of, waiting for its token (refused until one is
   * accepted: nobody is billed for it). Its EVSE is that of the first event naming one; while no
   * event did (a charger replaying an Updated or Ended without `evse`), connector 0 stands for
   * "not yet known", and the first event naming one moves it there.
   */
  private async create(
    tx: Tx,
    cp: OcppChargePoint,
    transactionId: string,
    f: TxFold,
    summary: TxSummary,
    receivedAt: Date,
    link: ConnectionWitness | undefined,
  ): Promise<repo.SessionRow> {
    const connectorId = f.connectorId ?? 0;
    const tariff = await tariffOfConnector(tx, cp.id, connectorId, f.startedAt);
    const inserted = await txRepo.insertTxSession(tx, {
      chargePointId: cp.id,
      operatorId: cp.operatorId,
      connectorId,
      chargerTransactionId: transactionId,
      idTag: '',
      state: 'refused',
      authorization: AWAITING_TOKEN,
      meterStart: f.meterStart,
      lastMeterWh: f.meterStart,
      startedAt: f.startedAt,
      startReceivedAt: receivedAt,
      earliestStartAt: earliestStart(f.startedAt, receivedAt, link),
      tariffId: tariff?.id ?? null,
      tariffSnapshot: tariff ? snapshotOf(tariff) : null,
      currency: tariff?.currency ?? null,
      txFold: summary as unknown as Record<string, unknown>,
    });
    if (!inserted) throw new Error(`session of transaction ${transactionId} refused by a unique index`);
    await this.supersede(tx, cp, inserted);
    return inserted;
  }

  /**
   * The session's figures as its events now tell them. A change of EVSE or start time takes the
   * tariff in force there and then (never after the session was billed), and supersedes what ran
   * before it on that EVSE.
   */
  private async refold(
    tx: Tx,
    cp: OcppChargePoint,
    s: repo.SessionRow,
    f: TxFold,
    summary: TxSummary,
    link: ConnectionWitness | undefined,
  ): Promise<repo.SessionRow> {
    const connectorId = f.connectorId ?? s.connectorId;
    const moved = connectorId !== s.connectorId || f.startedAt.getTime() !== s.startedAt.getTime();
    const lastMeterWh = f.live.lastMeterWh ?? f.meterStart;
    // An event of a session that stays where and when it began (most of them: meter values) takes
    // the statement built once; a move takes the tariff in force there and then, below.
    const updated = !moved
      ? await txRepo.updateFolded(tx, s.id, {
          connectorId,
          startedAt: f.startedAt,
          meterStart: f.meterStart,
          lastMeterWh,
          lastPowerW: f.live.lastPowerW ?? null,
          lastSoc: f.live.lastSoc ?? null,
          reservationId: f.reservationId,
          remoteStartId: f.remoteStartId,
          txFold: summary as unknown as Record<string, unknown>,
        })
      : await this.moveSession(tx, cp, s, f, summary, link);
    if (!updated) return s;
    if (moved && isOpen(updated)) await this.supersede(tx, cp, updated);
    return updated;
  }

  /** The fold of a session whose EVSE or start changed: the tariff in force there and then. */
  private async moveSession(
    tx: Tx,
    cp: OcppChargePoint,
    s: repo.SessionRow,
    f: TxFold,
    summary: TxSummary,
    link: ConnectionWitness | undefined,
  ) {
    const connectorId = f.connectorId ?? s.connectorId;
    const tariff = s.cost === null ? await tariffOfConnector(tx, cp.id, connectorId, f.startedAt) : undefined;
    return repo.completeSession(tx, s.id, {
      connectorId,
      startedAt: f.startedAt,
      meterStart: f.meterStart,
      lastMeterWh: f.live.lastMeterWh ?? f.meterStart,
      ...(f.live.lastPowerW === undefined ? {} : { lastPowerW: f.live.lastPowerW }),
      ...(f.live.lastSoc === undefined ? {} : { lastSoc: f.live.lastSoc }),
      reservationId: f.reservationId,
      remoteStartId: f.remoteStartId,
      txFold: summary as unknown as Record<string, unknown>,
      earliestStartAt: earliestStart(f.startedAt, s.startReceivedAt ?? new Date(), link),
      ...(tariff === undefined
        ? {}
        : {
            tariffId: tariff?.id ?? null,
            tariffSnapshot: tariff ? snapshotOf(tariff) : null,
            currency: tariff?.currency ?? null,
          }),
    });
  }

  /**
   * A newer transaction on an EVSE means the charger forgot the one before (as a new 1.6 Start
   * does): it is closed at its last reading as superseded and billed. Only sessions that began
   * earlier: an older transaction replayed late supersedes nothing.
   */
  private async supersede(tx: Tx, cp: OcppChargePoint, s: repo.SessionRow) {
    if (s.connectorId === 0) return;
    const running = await txRepo.runningBefore(tx, cp.id, s.connectorId, s.startedAt, s.id);
    await closeSuperseded(tx, cp.chargePointId, s.connectorId, s.startedAt, running);
  }

  /** Closes the session as a 1.6 StopTransaction does, once every event up to Ended is stored. */
  private async close(
    tx: Tx,
    cp: OcppChargePoint,
    current: repo.SessionRow,
    ended: NonNullable<TxFold['ended']>,
    stopReceivedAt: Date,
  ): Promise<TxEventAnswer['cost']> {
    const found = await repo.lockSessionForStop(tx, cp.id, current.id);
    const s = found?.session;
    if (!s || !closable(s)) return undefined;
    const lateStop = s.state === 'failed' || s.state === 'review';
    const settled = await closeAtChargerStop(
      tx,
      cp.chargePointId,
      found,
      {
        meterStop: ended.meterStop,
        stoppedAt: ended.at,
        stopReceivedAt,
        stopReason: ended.stopReason,
        stopIdTag: ended.stopIdTag,
      },
      { refused: s.state === 'refused', lateStop },
    );
    if (!settled) return undefined;
    return settled.state === 'completed' && settled.cost !== null && settled.currency
      ? { amount: settled.cost, currency: settled.currency }
      : undefined;
  }
}

/**
 * Whether the transaction's end may still close the session: running, or closed for want of an
 * end (the stale rule, staff, a newer transaction), when the charger's own end settles it once.
 */
function closable(s: repo.SessionRow): boolean {
  const withoutEnd = CLOSED_WITHOUT_STOP.has(s.stopReason ?? '');
  if (s.state === 'active') return true;
  if (s.state === 'refused') return s.stoppedAt === null || withoutEnd;
  return (s.state === 'failed' || s.state === 'review') && withoutEnd;
}

function rowsOf(
  chargePointId: number,
  connectorId: number,
  sessionId: number | null,
  samples: MeterSample[],
) {
  return samples.map((s): repo.NewMeterValue => ({ ...s, chargePointId, connectorId, sessionId }));
}
