import { authorize, rememberIdTag } from './authorization.js';
import type { SimCharger } from './charger.js';
import { advance, driverLeaves, limitW } from './charging.js';
import type { ChargingProfile } from './charging-profiles.js';
import type { Connector, Transaction } from './connector.js';
import type { IdTagInfo } from './local-auth.js';
import { parseMeasurands, readMeter, type MeterValue, type ReadingContext } from './meter-values.js';
import type { Ocpp } from '@voltline/contract';
import { randomVehicle, type Vehicle } from './power-curve.js';

export type StopReason = NonNullable<Ocpp.OcppRequests['StopTransaction']['reason']>;

export interface SessionStart {
  /** Authorization result for the idTag; the session only starts when Accepted. */
  status: IdTagInfo['status'];
  /** Assigned by the central system; undefined while offline (StartTransaction is queued). */
  transactionId?: number;
  /**
   * What StartTransaction.conf said of the idTag, once answered. The central system checks the card
   * again, so it may refuse (Blocked, Expired, Invalid, ConcurrentTx) a start the charger authorized:
   * the charger then stops at once (DeAuthorized) or, with StopTransactionOnInvalidId false, keeps the
   * transaction open (see `Transaction.refused`).
   */
  startStatus?: IdTagInfo['status'];
}

export interface StartOptions {
  /** Start without Authorize (AuthorizeRemoteTxRequests false). */
  skipAuthorize?: boolean;
  /** A TxProfile for this transaction (RemoteStartTransaction's chargingProfile). */
  profile?: ChargingProfile;
  /** Called once when the transaction ends. */
  onEnd?: () => void;
}

/** Physics tick while charging, simulated seconds (MeterValues go out every MeterValueSampleInterval). */
const MAX_STEP_S = 60;

/** Sessions on a charger's connectors: plug, authorize, start, meter, stop. */
export class ChargerSessions {
  constructor(private readonly charger: SimCharger) {
    charger.config.onChange((key) => {
      if (key !== 'MeterValueSampleInterval') return;
      for (const c of charger.connectors) if (c.transaction && !c.transaction.stopping) this.scheduleTick(c);
    });
  }

  private get config() {
    return this.charger.config;
  }

  private require(connectorId: number): Connector {
    const c = this.charger.connector(connectorId);
    if (!c) throw new Error(`${this.charger.id} has no connector ${connectorId}`);
    return c;
  }

  plugIn(connectorId: number, vehicle: Vehicle = randomVehicle(this.charger.options.random)): void {
    const c = this.require(connectorId);
    c.vehicle = vehicle;
    if (c.status === 'Available' || c.status === 'Reserved') this.charger.setStatus(c.id, 'Preparing');
  }

  /** The driver unplugs: a running session stops (EVDisconnected) and the connector frees up. */
  unplug(connectorId: number): void {
    const c = this.require(connectorId);
    if (c.transaction && this.config.getBool('StopTransactionOnEVSideDisconnect')) {
      this.stop(c.id, 'EVDisconnected');
    }
    c.vehicle = undefined;
    if (!c.transaction && c.status !== 'Faulted') this.charger.setStatus(c.id, c.idleStatus());
  }

  /** Authorize online; offline, the local list and cache decide (LocalAuthorizeOffline). */
  authorize(idTag: string): Promise<IdTagInfo> {
    return authorize(this.charger, idTag);
  }

  /** Plugs in if needed, authorizes and starts a transaction. */
  async start(connectorId: number, idTag: string, options: StartOptions = {}): Promise<SessionStart> {
    const c = this.require(connectorId);
    if (c.transaction) throw new Error(`connector ${connectorId} already has a transaction`);
    if (c.status === 'Faulted' || c.status === 'Unavailable') {
      throw new Error(`connector ${connectorId} is ${c.status}`);
    }
    if (c.reservation && c.reservation.idTag !== idTag)
      throw new Error(`connector ${connectorId} is reserved`);
    if (!c.vehicle) this.plugIn(connectorId);
    const info = options.skipAuthorize ? { status: 'Accepted' as const } : await this.authorize(idTag);
    if (info.status !== 'Accepted') return { status: info.status };
    if (c.transaction) throw new Error(`connector ${connectorId} already has a transaction`);
    const tx = this.begin(c, idTag, options);
    if (!this.charger.isOnline) return { status: 'Accepted' };
    let timer: NodeJS.Timeout | undefined;
    const transactionId = await Promise.race([
      tx.idKnown,
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), this.charger.options.callTimeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (transactionId === undefined) return { status: 'Accepted' };
    return { status: 'Accepted', transactionId, startStatus: tx.refused ?? 'Accepted' };
  }

  /** StartTransaction (queued) and the connector goes Charging. */
  begin(c: Connector, idTag: string, options: Pick<StartOptions, 'profile' | 'onEnd'> = {}): Transaction {
    let resolveId: (id: number | undefined) => void = () => undefined;
    const idKnown = new Promise<number | undefined>((resolve) => (resolveId = resolve));
    const reservationId = c.reservation?.idTag === idTag ? c.reservation.id : undefined;
    if (c.reservation) {
      this.charger.cancel(c.reservation.task);
      c.reservation = undefined;
    }
    const tx: Transaction = {
      id: undefined,
      idTag,
      meterStart: Math.floor(c.energyWh),
      startedAt: new Date(),
      elapsedSimMs: 0,
      idKnown,
      stopping: false,
      begin: this.read(c, 'Transaction.Begin', 'StopTxnSampledData'),
    };
    if (reservationId !== undefined) tx.reservationId = reservationId;
    if (options.onEnd) tx.onEnd = options.onEnd;
    // Installed with the transaction, so a start that never happens leaves no TxProfile behind.
    if (options.profile) this.charger.profiles.set(c.id, options.profile);
    c.transaction = tx;
    const payload: Ocpp.OcppRequests['StartTransaction'] = {
      connectorId: c.id,
      idTag,
      meterStart: tx.meterStart,
      timestamp: tx.startedAt.toISOString(),
    };
    if (reservationId !== undefined) payload.reservationId = reservationId;
    this.charger.outbox.push(
      'StartTransaction',
      () => payload,
      (res) => {
        tx.id = res.transactionId;
        rememberIdTag(this.charger, idTag, res.idTagInfo);
        if (res.idTagInfo.status !== 'Accepted') this.refused(c, tx, res.idTagInfo.status);
        resolveId(res.transactionId);
      },
      () => resolveId(undefined),
    );
    this.charger.setStatus(c.id, 'Charging');
    c.sinceSampleMs = 0;
    c.lastAdvanceSim = Date.now() * this.charger.options.speed;
    this.scheduleTick(c);
    return tx;
  }

  /**
   * StartTransaction.conf refused the card (OCPP 1.6 section 3.5, errata): with
   * StopTransactionOnInvalidId true the charger stops the transaction, reason DeAuthorized; with false
   * it "only stops energy delivery", after at most MaxEnergyOnInvalidId Wh, and the transaction stays
   * open (MeterValues go on) until it ends the usual way. A large MaxEnergyOnInvalidId models the
   * chargers that simply keep charging.
   */
  private refused(c: Connector, tx: Transaction, status: IdTagInfo['status']): void {
    tx.refused = status;
    if (c.transaction !== tx || tx.stopping) return;
    if (this.config.getBool('StopTransactionOnInvalidId')) {
      this.stop(c.id, 'DeAuthorized');
      // The cable stays locked until the driver comes back to a charger that will not charge.
      if (this.charger.options.autoSessions)
        this.charger.later(20 + this.charger.options.random() * 40, () => this.unplug(c.id));
      return;
    }
    advance(this.charger, c);
    tx.invalidEnergyLeftWh = Math.max(0, this.config.getInt('MaxEnergyOnInvalidId', 0));
    this.scheduleTick(c);
  }

  /** StopTransaction with meterStop and transactionData; the connector goes Finishing (or Available). */
  stop(connectorId: number, reason: StopReason = 'Local', idTag?: string): boolean {
    const c = this.require(connectorId);
    const tx = c.transaction;
    if (!tx || tx.stopping) return false;
    tx.stopping = true;
    advance(this.charger, c);
    this.charger.cancel(c.tickTask);
    c.powerW = 0;
    c.lastAdvanceSim = undefined;
    const end = this.read(c, 'Transaction.End', 'StopTxnSampledData');
    const meterStop = Math.floor(c.energyWh);
    const timestamp = new Date().toISOString();
    this.charger.outbox.push(
      'StopTransaction',
      () => {
        if (tx.id === undefined) return undefined;
        const payload: Ocpp.OcppRequests['StopTransaction'] = {
          transactionId: tx.id,
          meterStop,
          timestamp,
          reason,
          transactionData: [tx.begin, end],
        };
        if (idTag) payload.idTag = idTag;
        return payload;
      },
      (res) => {
        if (idTag && res.idTagInfo) rememberIdTag(this.charger, idTag, res.idTagInfo);
      },
    );
    c.transaction = undefined;
    tx.onEnd?.();
    this.charger.profiles.dropTxProfiles(c.id);
    if (c.pendingInoperative) {
      c.pendingInoperative = false;
      c.operative = false;
    }
    if (c.status !== 'Faulted') this.charger.setStatus(c.id, c.vehicle ? 'Finishing' : c.idleStatus());
    return true;
  }

  /** MeterValues now (TriggerMessage), for one connector or all. */
  sendMeterValues(
    connectorId?: number,
    context: ReadingContext = 'Trigger',
    key: 'MeterValuesSampledData' | 'MeterValuesAlignedData' = 'MeterValuesSampledData',
  ): void {
    for (const c of this.charger.connectors) {
      if (connectorId !== undefined && connectorId !== 0 && c.id !== connectorId) continue;
      this.queueMeterValue(c, this.read(c, context, key));
    }
  }

  resetAfterReboot(c: Connector): void {
    this.charger.cancel(c.tickTask);
    this.charger.cancel(c.faultTask);
    this.charger.cancel(c.reservation?.task);
    c.reservation = undefined;
    c.transaction?.onEnd?.();
    c.transaction = undefined;
    c.powerW = 0;
    c.vehicle = undefined;
    c.status = c.operative ? 'Available' : 'Unavailable';
    c.errorCode = 'NoError';
  }

  private read(c: Connector, context: ReadingContext, key: string): MeterValue {
    const measurands = parseMeasurands(this.config.get(key));
    return readMeter(c, measurands, context, this.charger.options.maxPower);
  }

  private queueMeterValue(c: Connector, value: MeterValue): void {
    const tx = c.transaction;
    this.charger.outbox.push('MeterValues', () => {
      const payload: Ocpp.OcppRequests['MeterValues'] = { connectorId: c.id, meterValue: [value] };
      if (tx) {
        if (tx.id === undefined) return undefined;
        payload.transactionId = tx.id;
      }
      return payload;
    });
  }

  private sampleIntervalS(): number {
    return this.config.getInt('MeterValueSampleInterval', 60);
  }

  private scheduleTick(c: Connector): void {
    const sample = this.sampleIntervalS();
    const step = sample > 0 ? Math.min(sample, MAX_STEP_S) : MAX_STEP_S;
    this.charger.cancel(c.tickTask);
    c.tickTask = this.charger.later(step, () => this.tick(c));
  }

  private tick(c: Connector): void {
    const tx = c.transaction;
    if (!tx) return;
    advance(this.charger, c);
    if (c.status === 'Charging' || c.status === 'SuspendedEV' || c.status === 'SuspendedEVSE') {
      const next =
        limitW(this.charger, c, tx) <= 0 ? 'SuspendedEVSE' : c.powerW <= 0 ? 'SuspendedEV' : 'Charging';
      this.charger.setStatus(c.id, next);
    }
    const sample = this.sampleIntervalS();
    if (sample > 0 && c.sinceSampleMs >= sample * 1000 - 1) {
      c.sinceSampleMs = 0;
      this.queueMeterValue(c, this.read(c, 'Sample.Periodic', 'MeterValuesSampledData'));
    }
    if (driverLeaves(this.charger, c, tx)) {
      this.stop(c.id, 'Local', tx.idTag);
      this.charger.later(10 + this.charger.options.random() * 50, () => this.unplug(c.id));
      return;
    }
    this.scheduleTick(c);
  }
}
