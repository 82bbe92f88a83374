import type { SimCharger } from './charger.js';
import type { Connector, Transaction } from './connector.js';
import type { IdTagInfo } from './local-auth.js';
import { parseMeasurands, readMeter, type MeterValue, type ReadingContext } from './meter-values.js';
import type { Ocpp } from '@voltline/contract';
import { charge, chargingPower, randomVehicle, type Vehicle } from './power-curve.js';

export type StopReason = NonNullable<Ocpp.OcppRequests['StopTransaction']['reason']>;

export interface SessionStart {
  /** Authorization result for the idTag; the session only starts when Accepted. */
  status: IdTagInfo['status'];
  /** Assigned by the central system; undefined while offline (StartTransaction is queued). */
  transactionId?: number;
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
  async authorize(idTag: string): Promise<IdTagInfo> {
    const local = this.charger.localAuth.lookup(idTag);
    if (local?.status === 'Accepted' && this.config.getBool('LocalPreAuthorize')) return local;
    if (this.charger.isOnline) {
      try {
        const { idTagInfo } = await this.charger.send('Authorize', { idTag });
        if (this.config.getBool('AuthorizationCacheEnabled'))
          this.charger.localAuth.remember(idTag, idTagInfo);
        return idTagInfo;
      } catch {
        // Falls through to offline authorization, as a charger does when the answer never comes.
      }
    }
    if (local && this.config.getBool('LocalAuthorizeOffline')) return local;
    if (this.config.getBool('AllowOfflineTxForUnknownId')) return { status: 'Accepted' };
    return { status: 'Invalid' };
  }

  /** Plugs in if needed, authorizes and starts a transaction. */
  async start(connectorId: number, idTag: string, skipAuthorize = false): Promise<SessionStart> {
    const c = this.require(connectorId);
    if (c.transaction) throw new Error(`connector ${connectorId} already has a transaction`);
    if (c.status === 'Faulted' || c.status === 'Unavailable') {
      throw new Error(`connector ${connectorId} is ${c.status}`);
    }
    if (c.reservation && c.reservation.idTag !== idTag)
      throw new Error(`connector ${connectorId} is reserved`);
    if (!c.vehicle) this.plugIn(connectorId);
    const info = skipAuthorize ? { status: 'Accepted' as const } : await this.authorize(idTag);
    if (info.status !== 'Accepted') return { status: info.status };
    if (c.transaction) throw new Error(`connector ${connectorId} already has a transaction`);
    const tx = this.begin(c, idTag);
    if (!this.charger.isOnline) return { status: 'Accepted' };
    let timer: NodeJS.Timeout | undefined;
    const transactionId = await Promise.race([
      tx.idKnown,
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), this.charger.options.callTimeoutMs);
      }),
    ]);
    clearTimeout(timer);
    return transactionId === undefined ? { status: 'Accepted' } : { status: 'Accepted', transactionId };
  }

  /** StartTransaction (queued) and the connector goes Charging. */
  begin(c: Connector, idTag: string): Transaction {
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
        resolveId(res.transactionId);
        if (res.idTagInfo.status !== 'Accepted' && this.config.getBool('StopTransactionOnInvalidId')) {
          if (c.transaction === tx) this.stop(c.id, 'DeAuthorized');
        }
      },
      () => resolveId(undefined),
    );
    this.charger.setStatus(c.id, 'Charging');
    c.sinceSampleMs = 0;
    c.lastAdvanceSim = Date.now() * this.charger.options.speed;
    this.scheduleTick(c);
    return tx;
  }

  /** StopTransaction with meterStop and transactionData; the connector goes Finishing (or Available). */
  stop(connectorId: number, reason: StopReason = 'Local', idTag?: string): boolean {
    const c = this.require(connectorId);
    const tx = c.transaction;
    if (!tx || tx.stopping) return false;
    tx.stopping = true;
    this.advance(c);
    this.charger.cancel(c.tickTask);
    c.powerW = 0;
    c.lastAdvanceSim = undefined;
    const end = this.read(c, 'Transaction.End', 'StopTxnSampledData');
    const meterStop = Math.floor(c.energyWh);
    const timestamp = new Date().toISOString();
    this.charger.outbox.push('StopTransaction', () => {
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
    });
    c.transaction = undefined;
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

  /** Integrates the power curve since the last update into the energy register and the vehicle's SoC. */
  private advance(c: Connector): void {
    const tx = c.transaction;
    if (!tx || !c.vehicle) return;
    const nowSim = Date.now() * this.charger.options.speed;
    const last = c.lastAdvanceSim ?? nowSim;
    const dtS = Math.max(0, (nowSim - last) / 1000);
    c.lastAdvanceSim = nowSim;
    if (dtS === 0) return;
    const limit = Math.min(
      this.charger.options.maxPower,
      this.charger.profiles.limitW(c.id, new Date(), tx.startedAt, tx.id),
    );
    const power = chargingPower(c.vehicle, limit, tx.elapsedSimMs / 1000);
    c.energyWh += charge(c.vehicle, power, dtS);
    c.powerW = power;
    tx.elapsedSimMs += dtS * 1000;
    c.sinceSampleMs += dtS * 1000;
  }

  private tick(c: Connector): void {
    const tx = c.transaction;
    if (!tx) return;
    this.advance(c);
    if (c.status === 'Charging' || c.status === 'SuspendedEV' || c.status === 'SuspendedEVSE') {
      const limit = this.charger.profiles.limitW(c.id, new Date(), tx.startedAt, tx.id);
      const next = limit <= 0 ? 'SuspendedEVSE' : c.powerW <= 0 ? 'SuspendedEV' : 'Charging';
      this.charger.setStatus(c.id, next);
    }
    const sample = this.sampleIntervalS();
    if (sample > 0 && c.sinceSampleMs >= sample * 1000 - 1) {
      c.sinceSampleMs = 0;
      this.queueMeterValue(c, this.read(c, 'Sample.Periodic', 'MeterValuesSampledData'));
    }
    if (this.charger.options.autoSessions && c.vehicle && c.vehicle.soc >= c.vehicle.targetSoc) {
      this.stop(c.id, 'Local', tx.idTag);
      this.charger.later(10 + this.charger.options.random() * 50, () => this.unplug(c.id));
      return;
    }
    this.scheduleTick(c);
  }
}
