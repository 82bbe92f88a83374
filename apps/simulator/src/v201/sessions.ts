import type { Ocpp201 } from '@voltline/contract';
import { randomVehicle, type Vehicle } from '../power-curve.js';
import type { SimCharger201 } from './charger.js';
import type { Evse, IdToken, StoppedReason, Transaction201, TriggerReason } from './evse.js';
import { Authorization201 } from './authorization.js';
import { TransactionEvents, type AuthorizationStatus201 } from './tx-events.js';

export interface StartOptions201 {
  /** Plug in first (the transaction starts on the cable, the token follows on an Updated event). */
  plugInFirst?: boolean;
  vehicle?: Vehicle;
  /** Called once when the transaction ends. */
  onEnd?: () => void;
}

/** A transaction the station remembers after it ended. */
export interface EndedTransaction201 {
  id: string;
  idToken: IdToken | undefined;
  startedAt: Date;
  endedAt: Date;
}

export interface SessionStart201 {
  /** The token's authorization; the session only starts when Accepted. */
  status: AuthorizationStatus201;
  /** Made by the charger, so known at once, online or not. */
  transactionId?: string;
}

/** Physics tick while charging, simulated seconds (events go out every TxUpdatedInterval). */
const MAX_STEP_S = 60;

/** Sessions on a 2.0.1 station's EVSEs: cable, token, transaction, metering, stop (E01-E07, F01, F02). */
export class Sessions201 {
  readonly events: TransactionEvents;
  /** Who may charge: the CSMS, else the local list and cache (C01, C09, C10). */
  readonly auth: Authorization201;
  /** Transactions ended since the station started, newest last (what it holds about a customer, N09). */
  readonly history: EndedTransaction201[] = [];

  constructor(private readonly s: SimCharger201) {
    this.auth = new Authorization201(s);
    this.events = new TransactionEvents(
      s,
      (e, tx, status) => this.refused(e, tx, status),
      (e) => s.profiles.limitW(e, s.now()),
    );
    s.model.onChange((_, variable) => {
      if (variable !== 'TxUpdatedInterval') return;
      for (const e of s.evses) if (e.transaction) this.scheduleTick(e);
    });
  }

  token(idToken: string): IdToken {
    return { idToken, type: this.s.options.idTokenType };
  }

  private require(evseId: number): Evse {
    const e = this.s.evse(evseId);
    if (!e) throw new Error(`${this.s.id} has no EVSE ${evseId}`);
    return e;
  }

  private startsOn(point: 'EVConnected' | 'Authorized'): boolean {
    return (this.s.model.get('TxCtrlr', 'TxStartPoint') ?? '').split(',').includes(point);
  }

  /** The driver plugs in: Occupied; a transaction waiting for the cable charges, or one starts on it. */
  plugIn(evseId: number, vehicle: Vehicle = randomVehicle(this.s.options.random)): void {
    const e = this.require(evseId);
    e.vehicle = vehicle;
    this.s.statuses.report(e);
    const tx = e.transaction;
    if (tx) {
      this.events.send(e, tx, 'Updated', 'CablePluggedIn', { withEvse: true });
      this.charge(e);
    } else if (this.startsOn('EVConnected') && e.operative && !e.faulted) {
      this.begin(e, undefined, 'CablePluggedIn');
    }
  }

  /**
   * The cable leaves the car. E09 (StopTxOnEVSideDisconnect): the transaction ends, EVDisconnected.
   * E10 (not set): it is suspended: no energy, Updated with EVCommunicationLost and chargingState
   * Idle; the cable stays locked until the car comes back (plugIn resumes it) or the driver's
   * token ends it.
   */
  unplug(evseId: number): void {
    const e = this.require(evseId);
    const tx = e.transaction;
    const running = tx !== undefined && !tx.stopping && e.vehicle !== undefined;
    // The energy up to the moment the car left; every event after it says Idle (no car).
    if (running) this.events.advance(e);
    e.vehicle = undefined;
    if (tx && this.s.model.getBool('TxCtrlr', 'StopTxOnEVSideDisconnect'))
      this.end(e, 'EVCommunicationLost', 'EVDisconnected');
    else if (tx && running) {
      this.s.cancel(e.tickTask);
      e.powerW = 0;
      this.events.send(e, tx, 'Updated', 'EVCommunicationLost', { context: 'Trigger' });
    }
    this.s.statuses.report(e);
  }

  /**
   * A card at the reader: authorizes a waiting transaction, starts one, or stops the one it or a
   * card of its group (C09, the same groupIdToken) started.
   */
  async present(evseId: number, token: IdToken, onEnd?: () => void): Promise<SessionStart201> {
    const e = this.require(evseId);
    const tx = e.transaction;
    if (tx?.idToken?.idToken === token.idToken && !tx.stopping) {
      this.end(e, 'StopAuthorized', 'Local');
      return { status: 'Accepted', transactionId: tx.id };
    }
    if (!tx && (!e.operative || e.faulted)) throw new Error(`EVSE ${evseId} is ${e.currentStatus()}`);
    const status = await this.auth.authorize(token);
    if (status !== 'Accepted') return { status };
    // H03: a reserved EVSE serves the reservation's token (or its group) alone.
    if (!this.s.reservations.mayUse(e, token, this.auth.groupOf(token))) return { status: 'Invalid' };
    const now = e.transaction;
    const group = this.auth.groupOf(token);
    if (now?.idToken && !now.stopping && group !== undefined && group === this.auth.groupOf(now.idToken)) {
      this.end(e, 'StopAuthorized', 'Local', token);
      return { status, transactionId: now.id };
    }
    if (now && !now.idToken) {
      now.idToken = token;
      if (onEnd) now.onEnd = onEnd;
      const reservationId = this.s.reservations.use(e);
      this.events.send(e, now, 'Updated', 'Authorized', { idToken: token, reservationId });
      this.charge(e);
      return { status, transactionId: now.id };
    }
    if (now || !e.operative || e.faulted) throw new Error(`EVSE ${evseId} cannot start a transaction now`);
    return { status, transactionId: this.begin(e, token, 'Authorized', undefined, onEnd).id };
  }

  /** Card first (the default) or plug-in first, then charging. */
  async start(evseId: number, idToken: string, o: StartOptions201 = {}): Promise<SessionStart201> {
    const e = this.require(evseId);
    if (o.plugInFirst && !e.vehicle) this.plugIn(evseId, o.vehicle);
    const result = await this.present(evseId, this.token(idToken), o.onEnd);
    if (result.status === 'Accepted' && !e.vehicle) this.plugIn(evseId, o.vehicle);
    return result;
  }

  /** RequestStartTransaction (F01/F02): a transaction with its remoteStartId, or the token for one waiting. */
  remoteStart(req: Ocpp201.RequestStartTransactionRequest): Ocpp201.RequestStartTransactionResponse {
    // Without an EVSE: the one reserved for this token, else one whose driver plugged in, else a free one.
    const usable = (x: Evse) =>
      x.operative &&
      !x.faulted &&
      !x.transaction?.idToken &&
      this.s.reservations.mayUse(x, req.idToken, req.groupIdToken?.idToken);
    const e =
      req.evseId === undefined
        ? (this.s.evses.find((x) => usable(x) && x.reservation) ??
          this.s.evses.find((x) => usable(x) && x.transaction) ??
          this.s.evses.find((x) => usable(x)))
        : this.s.evse(req.evseId);
    if (!e || !e.operative || e.faulted || e.transaction?.idToken) return { status: 'Rejected' };
    if (!this.s.reservations.mayUse(e, req.idToken, req.groupIdToken?.idToken)) return { status: 'Rejected' };
    const waiting = e.transaction;
    if (waiting) {
      waiting.idToken = req.idToken;
      waiting.remoteStartId = req.remoteStartId;
      const reservationId = this.s.reservations.use(e);
      this.events.send(e, waiting, 'Updated', 'RemoteStart', { idToken: req.idToken, reservationId });
      this.charge(e);
      return { status: 'Accepted', transactionId: waiting.id };
    }
    this.begin(e, req.idToken, 'RemoteStart', req.remoteStartId);
    return { status: 'Accepted' };
  }

  /** Ends the transaction on an EVSE; the driver unplugs a moment later when it ended locally. */
  stop(evseId: number, trigger: TriggerReason = 'StopAuthorized', reason: StoppedReason = 'Local'): boolean {
    const e = this.require(evseId);
    if (!e.transaction || e.transaction.stopping) return false;
    this.end(e, trigger, reason);
    if (reason === 'Local' && e.vehicle) this.s.later(2, () => this.unplug(evseId));
    return true;
  }

  findTransaction(transactionId: string): Evse | undefined {
    return this.s.evses.find((e) => e.transaction?.id === transactionId);
  }

  begin(
    e: Evse,
    token: IdToken | undefined,
    trigger: TriggerReason,
    remoteStartId?: number,
    onEnd?: () => void,
  ): Transaction201 {
    const tx = this.events.create(token, remoteStartId);
    if (onEnd) tx.onEnd = onEnd;
    e.transaction = tx;
    e.sinceSampleMs = 0;
    e.lastAdvanceSim = undefined;
    // A transaction of the reservation's token uses the reservation up (H03).
    const reservationId = token ? this.s.reservations.use(e) : undefined;
    const extras = token ? { idToken: token, reservationId } : {};
    this.events.send(e, tx, 'Started', trigger, { ...extras, withEvse: true, context: 'Transaction.Begin' });
    this.s.statuses.report(e);
    if (e.vehicle) this.charge(e);
    else {
      // E03: no cable within EVConnectionTimeOut ends the transaction.
      const timeout = this.s.model.getInt('TxCtrlr', 'EVConnectionTimeOut', 120);
      this.s.later(timeout, () => {
        if (e.transaction === tx && !e.vehicle) this.end(e, 'EVConnectTimeout', 'Timeout');
      });
    }
    return tx;
  }

  /** TransactionEvent Ended with the Transaction.End reading (and the token that stopped it, if another); the EVSE shows what is left. */
  end(e: Evse, trigger: TriggerReason, reason: StoppedReason, stopper?: IdToken): void {
    const tx = e.transaction;
    if (!tx || tx.stopping) return;
    this.events.advance(e);
    tx.stopping = true;
    this.s.cancel(e.tickTask);
    e.powerW = 0;
    this.events.send(e, tx, 'Ended', trigger, {
      stoppedReason: reason,
      context: 'Transaction.End',
      ...(stopper ? { idToken: stopper } : {}),
    });
    e.transaction = undefined;
    this.history.push({ id: tx.id, idToken: tx.idToken, startedAt: tx.startedAt, endedAt: this.s.now() });
    e.heldByProfile = false;
    this.s.profiles.transactionEnded(e, tx.id);
    tx.onEnd?.();
    if (e.pendingInoperative) {
      e.pendingInoperative = false;
      e.operative = false;
    }
    this.s.statuses.report(e);
    this.s.transactionEnded();
  }

  /** A charging profile came or went: each transaction's power follows at once, its state told when it changed. */
  limitChanged(): void {
    for (const e of this.s.evses) {
      const tx = e.transaction;
      if (!tx) continue;
      const before = e.chargingState();
      this.events.advance(e);
      if (e.chargingState() !== before) this.events.send(e, tx, 'Updated', 'ChargingStateChanged');
    }
  }

  /** The CSMS refused the token of a running transaction: StopTxOnInvalidId ends it (E05). */
  private refused(e: Evse, tx: Transaction201, status: AuthorizationStatus201): void {
    this.auth.cache.set(tx.idToken?.idToken ?? '', status);
    if (e.transaction === tx && this.s.model.getBool('TxCtrlr', 'StopTxOnInvalidId'))
      this.end(e, 'Deauthorized', 'DeAuthorized');
  }

  private charge(e: Evse): void {
    e.lastAdvanceSim = undefined;
    this.events.advance(e);
    this.scheduleTick(e);
  }

  private scheduleTick(e: Evse): void {
    const sample = this.s.model.getInt('SampledDataCtrlr', 'TxUpdatedInterval', 60);
    this.s.cancel(e.tickTask);
    e.tickTask = this.s.later(sample > 0 ? Math.min(sample, MAX_STEP_S) : MAX_STEP_S, () => this.tick(e));
  }

  private tick(e: Evse): void {
    const tx = e.transaction;
    if (!tx) return;
    const before = e.chargingState();
    this.events.advance(e);
    const sample = this.s.model.getInt('SampledDataCtrlr', 'TxUpdatedInterval', 60);
    if (e.chargingState() !== before) this.events.send(e, tx, 'Updated', 'ChargingStateChanged');
    if (sample > 0 && e.sinceSampleMs >= sample * 1000 - 1) {
      e.sinceSampleMs = 0;
      this.events.send(e, tx, 'Updated', 'MeterValuePeriodic', { context: 'Sample.Periodic' });
    }
    const v = e.vehicle;
    if (this.s.options.autoSessions && v && v.soc >= v.targetSoc) {
      this.stop(e.id, 'StopAuthorized', 'Local');
      return;
    }
    this.scheduleTick(e);
  }
}
