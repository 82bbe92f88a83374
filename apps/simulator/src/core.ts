import { EventEmitter } from 'node:events';
import { decodeAuthorizationKey } from './authorization-key.js';
import { ConfigStore } from './config-store.js';
import { Connection } from './connection.js';
import { Connector, type ChargePointErrorCode, type ConnectorStatus } from './connector.js';
import type { Ocpp } from '@voltline/contract';
import { resolveOptions, type ResolvedOptions, type SimChargerOptions } from './options.js';
import { Outbox } from './outbox.js';
import { sharedScheduler, type Task } from './scheduler.js';
import { acceptChain, createCsr, type PendingKey } from './security.js';
import type { BootState, SimChargerEvents } from './events.js';

export type * from './events.js';

/**
 * The connection side of a charger: socket and reconnect backoff, BootNotification and heartbeats, the
 * transaction message outbox, status reporting and the simulated clock. SimCharger adds what runs on it.
 */
export abstract class ChargerCore extends EventEmitter<SimChargerEvents> {
  readonly options: ResolvedOptions;
  readonly config: ConfigStore;
  readonly connectors: readonly Connector[];
  readonly outbox: Outbox;
  firmwareVersion: string;
  bootState: BootState = 'Offline';
  /** Charge point level status (connector 0). */
  status: ConnectorStatus = 'Available';
  messagesSent = 0;
  messagesReceived = 0;

  private readonly connection: Connection;
  private needsBoot = true;
  private stopped = false;
  private offlineByRequest = false;
  protected rebooting = false;
  private reconnectAttempt = 0;
  private heartbeatTask: Task | undefined;
  private bootTask: Task | undefined;
  private reconnectTask: Task | undefined;
  private retryTask: Task | undefined;
  private firstBoot: (() => void) | undefined;
  /** TLS material of the next connection: trusted CAs and the client certificate (profile 3). */
  private clientTls: { ca?: string | Buffer; cert?: string; key?: string } | undefined;
  /** The key of a SignCertificate sent and not yet answered by CertificateSigned. */
  private pendingKey: PendingKey | undefined;

  constructor(options: SimChargerOptions) {
    super();
    const o = resolveOptions(options, sharedScheduler);
    this.options = o;
    this.firmwareVersion = o.firmware;
    this.config = new ConfigStore(o.connectors, o.config);
    this.clientTls = o.tls;
    const start = o.initialEnergyWh;
    this.connectors = Array.from(
      { length: o.connectors },
      (_, i) => new Connector(i + 1, start ?? Math.round(o.random() * 5_000_000)),
    );
    this.connection = new Connection(
      {
        url: o.url,
        id: o.id,
        password: o.password,
        basicAuthUser: o.basicAuthUser,
        callTimeoutMs: o.callTimeoutMs,
        pingIntervalMs: o.pingIntervalMs,
        tls: o.tls,
        basicAuth: this.config.getInt('SecurityProfile', 1) < 3,
      },
      (action, payload) => this.onCall(action, payload),
    );
    this.connection.onOpen(() => this.onOpen());
    this.connection.onClose((code, reason) => this.onClose(code, reason));
    this.outbox = new Outbox({
      send: (action, payload) => this.sendTransactionMessage(action, payload),
      canSend: () => this.isOnline,
      maxAttempts: () => this.config.getInt('TransactionMessageAttempts', 3),
      retryLater: () => {
        this.cancel(this.retryTask);
        const interval = this.config.getInt('TransactionMessageRetryInterval', 60);
        this.retryTask = this.later(interval, () => void this.outbox.flush());
      },
    });
    this.config.onChange((key, value) => {
      if (key === 'HeartbeatInterval') this.scheduleHeartbeat();
      // After the answer has gone out (handlers answer before timers run).
      if (key === 'AuthorizationKey') this.later(0, () => void this.useAuthorizationKey(value));
      if (key === 'SecurityProfile') this.later(0, () => void this.useSecurityProfile());
    });
  }

  get id(): string {
    return this.options.id;
  }

  /** Socket open and BootNotification accepted: the charger may send anything. */
  get isOnline(): boolean {
    return this.connection.isOpen && this.bootState === 'Accepted';
  }

  get isConnected(): boolean {
    return this.connection.isOpen;
  }

  get isClosed(): boolean {
    return this.stopped;
  }

  connector(connectorId: number): Connector | undefined {
    return this.connectors[connectorId - 1];
  }

  /** Opens the connection; resolves after the first BootNotification answer or failed attempt. */
  async start(): Promise<void> {
    const booted = new Promise<void>((resolve) => (this.firstBoot = resolve));
    this.stopped = false;
    await this.connect();
    if (this.connection.isOpen) await booted;
    this.firstBoot = undefined;
  }

  /** Drops the connection (abruptly, like a network outage, unless graceful) and stays offline. */
  async disconnect(graceful = false): Promise<void> {
    this.offlineByRequest = true;
    this.cancel(this.reconnectTask);
    await this.connection.close(!graceful);
  }

  /** Comes back online after disconnect(). */
  async reconnect(): Promise<void> {
    this.offlineByRequest = false;
    this.reconnectAttempt = 0;
    await this.connect();
  }

  /** Stops the charger for good: no reconnects, no timers. */
  async close(): Promise<void> {
    this.stopped = true;
    for (const task of [this.heartbeatTask, this.bootTask, this.reconnectTask, this.retryTask])
      this.cancel(task);
    for (const c of this.connectors) {
      this.cancel(c.tickTask);
      this.cancel(c.faultTask);
      this.cancel(c.reservation?.task);
    }
    await this.connection.close();
  }

  /** Sends a CALL now; rejects when offline. Transaction messages go through the outbox instead. */
  async send<A extends Ocpp.OcppAction>(
    action: A,
    payload: Ocpp.OcppRequests[A],
  ): Promise<Ocpp.OcppResponses[A]> {
    return (await this.sendRaw(action, payload)) as Ocpp.OcppResponses[A];
  }

  /** Runs `fn` after `simSeconds` of simulated time, unless the charger is closed by then. */
  later(simSeconds: number, fn: () => void): Task {
    return this.options.scheduler.after((simSeconds * 1000) / this.options.speed, () => {
      if (!this.stopped) fn();
    });
  }

  cancel(task: Task | undefined): void {
    this.options.scheduler.cancel(task);
  }

  /** Changes a connector's status (0 = the charge point) and reports it when it changed or `force`. */
  setStatus(
    connectorId: number,
    status: ConnectorStatus,
    errorCode: ChargePointErrorCode = 'NoError',
    force = false,
  ): void {
    const target = connectorId === 0 ? undefined : this.connector(connectorId);
    const before = target ? [target.status, target.errorCode] : [this.status, 'NoError'];
    if (target) {
      target.status = status;
      target.errorCode = errorCode;
    } else {
      this.status = status;
    }
    if (!force && before[0] === status && before[1] === errorCode) return;
    this.emit('status', { connectorId, status, errorCode });
    this.sendStatus(connectorId);
  }

  /** StatusNotification with the connector's current state (when online). */
  sendStatus(connectorId: number): void {
    if (!this.isOnline) return;
    const c = connectorId === 0 ? undefined : this.connector(connectorId);
    const payload: Ocpp.OcppRequests['StatusNotification'] = {
      connectorId,
      status: c ? c.status : this.status,
      errorCode: c ? c.errorCode : 'NoError',
      timestamp: new Date().toISOString(),
    };
    if (c && c.errorCode !== 'NoError') payload.vendorErrorCode = `E-${c.errorCode}`;
    this.send('StatusNotification', payload).catch(() => undefined);
  }

  sendAllStatuses(): void {
    for (let id = 0; id <= this.connectors.length; id++) this.sendStatus(id);
  }

  /** Reboots like a real charger: stop sessions, close the socket, come back and boot again. */
  /** Closes the socket like a charger going down, and comes back after rebootDelay to boot again. */
  protected async restart(prepare: () => void): Promise<void> {
    await this.outbox.settle();
    this.cancel(this.heartbeatTask);
    await this.connection.close();
    prepare();
    this.needsBoot = true;
    this.bootState = 'Offline';
    this.later(this.options.rebootDelay, () => {
      this.rebooting = false;
      void this.connect();
    });
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.connection.isOpen) return;
    this.cancel(this.reconnectTask);
    try {
      await this.connection.open();
    } catch (err) {
      // The close handler schedules the retry.
      this.options.logger.warn(`${this.id}: connect failed: ${String(err)}`);
    }
  }

  private onOpen(): void {
    this.reconnectAttempt = 0;
    this.emit('connected');
    if (this.needsBoot || this.options.bootOnReconnect || this.bootState !== 'Accepted') {
      void this.boot();
    } else {
      this.onAccepted();
    }
  }

  private onClose(code: number | undefined, reason: string): void {
    this.cancel(this.heartbeatTask);
    this.cancel(this.bootTask);
    if (this.bootState !== 'Accepted') this.bootState = 'Offline';
    this.emit('disconnected', { code, reason });
    this.firstBoot?.();
    if (this.stopped || this.offlineByRequest || this.rebooting) return;
    const { initial, max } = this.options.reconnectDelay;
    const delay = Math.min(max, initial * 2 ** this.reconnectAttempt) * (0.8 + 0.4 * this.options.random());
    this.reconnectAttempt += 1;
    this.cancel(this.reconnectTask);
    this.reconnectTask = this.later(delay, () => void this.connect());
  }

  /** BootNotification; on Pending or Rejected tries again after the interval the central system gave. */
  async boot(): Promise<Ocpp.OcppResponses['BootNotification'] | undefined> {
    this.cancel(this.bootTask);
    if (this.bootState !== 'Accepted') this.bootState = 'Booting';
    const o = this.options;
    const payload: Ocpp.OcppRequests['BootNotification'] = {
      chargePointVendor: o.vendor,
      chargePointModel: o.model,
      chargePointSerialNumber: o.serial,
      chargeBoxSerialNumber: o.serial,
      firmwareVersion: this.firmwareVersion,
      meterType: o.meterType,
      meterSerialNumber: o.meterSerial,
    };
    if (o.iccid) payload.iccid = o.iccid;
    if (o.imsi) payload.imsi = o.imsi;
    try {
      const res = await this.send('BootNotification', payload);
      this.needsBoot = false;
      this.bootState = res.status;
      this.emit('booted', res);
      this.firstBoot?.();
      if (res.status === 'Accepted') {
        if (res.interval > 0) this.config.set('HeartbeatInterval', String(res.interval));
        this.onAccepted();
      } else {
        this.bootTask = this.later(res.interval > 0 ? res.interval : 30, () => void this.boot());
      }
      return res;
    } catch (err) {
      this.options.logger.warn(`${this.id}: BootNotification failed: ${String(err)}`);
      if (this.connection.isOpen) this.bootTask = this.later(30, () => void this.boot());
      return undefined;
    }
  }

  private onAccepted(): void {
    this.scheduleHeartbeat();
    this.sendAllStatuses();
    void this.outbox.flush();
  }

  private scheduleHeartbeat(): void {
    this.cancel(this.heartbeatTask);
    const interval = this.config.getInt('HeartbeatInterval', 300);
    if (interval <= 0 || !this.isOnline) return;
    this.heartbeatTask = this.later(interval, () => {
      this.send('Heartbeat', {}).catch(() => undefined);
      this.scheduleHeartbeat();
    });
  }

  /**
   * A new Basic-auth password (ChangeConfiguration AuthorizationKey, already answered Accepted): the
   * charger closes its connection and connects again with it, as the security whitepaper asks, so the
   * central system sees at once that the charger took the new password.
   */
  private async useAuthorizationKey(value: string): Promise<void> {
    const password = decodeAuthorizationKey(value);
    if (!password) return;
    this.connection.setPassword(password);
    await this.reconnectNow();
  }

  /**
   * Security whitepaper A02/A03: a new key pair and a CSR sent by SignCertificate (on the central
   * system's ExtendedTriggerMessage SignChargePointCertificate, or when the certificate nears its
   * end). Resolves with the central system's answer; the certificate comes by CertificateSigned.
   */
  async requestCertificate(): Promise<'Accepted' | 'Rejected'> {
    this.pendingKey = await createCsr(this.id, this.config.get('CpoName') || undefined);
    const { status } = await this.send('SignCertificate', { csr: this.pendingKey.csr });
    return status === 'Accepted' ? 'Accepted' : 'Rejected';
  }

  /** CertificateSigned: keeps the certificate for the pending key; used from the next connection on. */
  installClientCertificate(chain: string): boolean {
    const taken = acceptChain(chain, this.id, this.pendingKey);
    if (!taken) return false;
    this.pendingKey = undefined;
    this.clientTls = { ...this.clientTls, ...taken };
    this.applyTransport();
    return true;
  }

  /** The client certificate installed for security profile 3 (PEM), if any. */
  get clientCertificate(): string | undefined {
    return this.clientTls?.cert;
  }

  private applyTransport(): void {
    this.connection.setTransport(this.clientTls, this.config.getInt('SecurityProfile', 1) < 3);
  }

  /** A raised SecurityProfile (already answered Accepted): reconnect with it, as the whitepaper asks. */
  private async useSecurityProfile(): Promise<void> {
    this.applyTransport();
    await this.reconnectNow();
  }

  /** Closes the connection after the answers in flight and connects again at once. */
  private async reconnectNow(): Promise<void> {
    if (!this.connection.isOpen || this.stopped) return;
    await this.connection.close(false, true);
    if (this.offlineByRequest || this.rebooting) return;
    this.reconnectAttempt = 0;
    await this.connect();
  }

  private readonly lostStartAnswers = new WeakSet<object>();

  /**
   * Sends a queued transaction message. With `resendStartOnReconnect` a StartTransaction's answer is
   * "lost" once: it arrives, but the link fails before the charger reads it, so the charger drops the
   * socket and sends the very same StartTransaction again after reconnecting, as OCPP 1.6 section 4.7
   * asks. The central system has to recognise the repeat instead of opening a second session.
   */
  private async sendTransactionMessage(action: Ocpp.OcppAction, payload: object): Promise<unknown> {
    const response = await this.sendRaw(action, payload);
    const share = this.options.resendStartOnReconnect;
    if (
      action === 'StartTransaction' &&
      share > 0 &&
      !this.lostStartAnswers.has(payload) &&
      (share >= 1 || this.options.random() < share)
    ) {
      this.lostStartAnswers.add(payload);
      await this.connection.close(true);
      throw new Error('StartTransaction answer lost with the connection');
    }
    return response;
  }

  private async sendRaw(action: Ocpp.OcppAction, payload: object): Promise<unknown> {
    if (this.connection.isOpen) this.messagesSent += 1;
    try {
      const response = await this.connection.call(action, payload);
      this.emit('sent', { action, payload, response });
      return response;
    } catch (error) {
      this.emit('sent', { action, payload, error });
      throw error;
    }
  }

  /** Answers a CALL from the central system. */
  protected abstract handleCall(action: string, payload: unknown): Promise<object>;

  private async onCall(action: string, payload: unknown): Promise<object> {
    this.messagesReceived += 1;
    this.emit('call', { action, payload });
    return this.handleCall(action, payload);
  }
}
