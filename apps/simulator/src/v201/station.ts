import { EventEmitter } from 'node:events';
import type { Ocpp201 } from '@voltline/contract';
import type { Connection } from '../connection.js';
import { resolveOptions, type ResolvedOptions, type SimChargerOptions } from '../options.js';
import { Outbox } from '../outbox.js';
import { sharedScheduler, type Task } from '../scheduler.js';
import type { BootState } from '../events.js';
import { DeviceModel } from './device-model.js';
import { Evse } from './evse.js';
import type { Action201, BootReason, SimCharger201Events } from './events.js';
import { StatusReports } from './status.js';
import { connect201, LostAnswers } from './transport.js';
import { defineVariables, stationAvailability } from './variables.js';

type Requests = Ocpp201.OcppRequests;
type Responses = Ocpp201.OcppResponses;

export type { BootReason, Action201, SentMessage201, SimCharger201Events } from './events.js';

/**
 * The connection side of an OCPP 2.0.1 charging station: socket and reconnect backoff (shared with
 * 1.6), BootNotification and its Pending/Rejected rules (B01-B03), heartbeats, connector status and
 * the TransactionEvent outbox. What runs on it (transactions, CSMS commands) lives beside it.
 */
export abstract class Station201 extends EventEmitter<SimCharger201Events> {
  readonly protocol = '2.0.1';
  readonly options: ResolvedOptions;
  readonly evses: readonly Evse[];
  readonly model = new DeviceModel();
  /** StatusNotification per EVSE and connector. */
  readonly statuses: StatusReports = new StatusReports(this);
  readonly outbox: Outbox<Requests, Responses>;
  bootState: BootState = 'Offline';
  messagesSent = 0;
  /** The cost the CSMS told last (main unit): I02 CostUpdated, or I03 the last event's answer. */
  lastCost: { totalCost: number; transactionId: string } | undefined;
  messagesReceived = 0;
  firmwareVersion: string;
  protected readonly connection: Connection;
  protected rebooting = false;
  private bootReason: BootReason = 'PowerUp';
  private needsBoot = true;
  private stopped = false;
  private offlineByRequest = false;
  private reconnectAttempt = 0;
  private heartbeatTask: Task | undefined;
  private bootTask: Task | undefined;
  private reconnectTask: Task | undefined;
  private retryTask: Task | undefined;
  private firstBoot: (() => void) | undefined;
  private readonly lostAnswers: LostAnswers;

  /** How many entries the local authorization list holds (LocalAuthListCtrlr.Entries). */
  protected abstract localListSize(): number;
  protected abstract displayMessageCount(): number;

  constructor(options: SimChargerOptions) {
    super();
    const o = resolveOptions({ ...options, ocpp: '2.0.1' }, sharedScheduler);
    this.options = o;
    this.lostAnswers = new LostAnswers(o);
    this.firmwareVersion = o.firmware;
    this.evses = Array.from(
      { length: o.connectors },
      (_, i) => new Evse(i + 1, o.initialEnergyWh ?? Math.round(o.random() * 5_000_000)),
    );
    defineVariables(
      this.model,
      o,
      this.evses,
      () => stationAvailability(this.evses),
      () => this.localListSize(),
      () => this.displayMessageCount(),
    );
    this.connection = connect201(o, (action, payload) => this.onCall(action, payload));
    this.connection.onOpen(() => this.onOpen());
    this.connection.onClose((code, reason) => this.onClose(code, reason));
    this.outbox = new Outbox<Requests, Responses>({
      send: (action, payload) => this.sendQueued(action, payload),
      canSend: () => this.isOnline,
      maxAttempts: () => this.model.getInt('OCPPCommCtrlr', 'MessageAttempts', 3),
      retryLater: () => {
        this.cancel(this.retryTask);
        const interval = this.model.getInt('OCPPCommCtrlr', 'MessageAttemptInterval', 60);
        this.retryTask = this.later(interval, () => void this.outbox.flush());
      },
    });
    this.model.onChange((component, variable, value) => {
      if (variable === 'HeartbeatInterval') this.scheduleHeartbeat();
      // A new password takes effect on a new connection, once the SetVariables answer has gone out.
      if (variable === 'BasicAuthPassword' && component === 'SecurityCtrlr' && value) {
        this.connection.setPassword(value);
        this.later(0, () => void this.reconnectNow());
      }
    });
  }

  get id(): string {
    return this.options.id;
  }

  /** Socket open and BootNotification accepted: the station may send anything. */
  get isOnline(): boolean {
    return this.connection.isOpen && this.bootState === 'Accepted';
  }

  get isConnected(): boolean {
    return this.connection.isOpen;
  }

  get isClosed(): boolean {
    return this.stopped;
  }

  evse(evseId: number): Evse | undefined {
    return this.evses[evseId - 1];
  }

  /** The station's clock, `clockOffsetS` off the real one: every timestamp it sends comes from here. */
  now(): Date {
    return new Date(Date.now() + this.options.clockOffsetS * 1000);
  }

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

  async reconnect(): Promise<void> {
    this.offlineByRequest = false;
    this.reconnectAttempt = 0;
    await this.connect();
  }

  async close(): Promise<void> {
    this.stopped = true;
    for (const task of [this.heartbeatTask, this.bootTask, this.reconnectTask, this.retryTask])
      this.cancel(task);
    for (const e of this.evses) this.cancel(e.tickTask);
    await this.connection.close();
  }

  later(simSeconds: number, fn: () => void): Task {
    return this.options.scheduler.after((simSeconds * 1000) / this.options.speed, () => {
      if (!this.stopped) fn();
    });
  }

  cancel(task: Task | undefined): void {
    this.options.scheduler.cancel(task);
  }

  /**
   * Sends a CALL now. Until the CSMS accepts the boot only BootNotification goes out, unless the CSMS
   * asked for the message by TriggerMessage (B02.FR.02, B03.FR.03): `triggered`.
   */
  async send<A extends Action201>(action: A, payload: Requests[A], triggered = false): Promise<Responses[A]> {
    if (this.bootState !== 'Accepted' && action !== 'BootNotification' && !triggered)
      throw new Error(`${action} not allowed before the boot is accepted`);
    return (await this.sendRaw(action, payload)) as Responses[A];
  }

  /** BootNotification; Pending or Rejected: the same again after the interval the CSMS gave (B02, B03). */
  async boot(triggered = false): Promise<Responses['BootNotification'] | undefined> {
    this.cancel(this.bootTask);
    if (this.bootState !== 'Accepted') this.bootState = 'Booting';
    const o = this.options;
    const payload: Requests['BootNotification'] = {
      reason: triggered ? 'Triggered' : this.bootReason,
      chargingStation: {
        model: o.model,
        vendorName: o.vendor,
        firmwareVersion: this.firmwareVersion,
        serialNumber: o.serial,
      },
    };
    try {
      const res = await this.send('BootNotification', payload);
      this.needsBoot = false;
      this.bootState = res.status;
      this.emit('booted', res);
      this.firstBoot?.();
      if (res.status === 'Accepted') {
        this.bootReason = 'PowerUp';
        if (res.interval > 0) this.model.set('OCPPCommCtrlr', 'HeartbeatInterval', String(res.interval));
        this.onAccepted();
      } else {
        this.cancel(this.heartbeatTask);
        this.bootTask = this.later(res.interval > 0 ? res.interval : 30, () => void this.boot());
      }
      return res;
    } catch (err) {
      this.options.logger.warn(`${this.id}: BootNotification failed: ${String(err)}`);
      if (this.connection.isOpen) this.bootTask = this.later(30, () => void this.boot());
      return undefined;
    }
  }

  /** Closes the socket like a station going down and boots again after rebootDelay (B11, B12). */
  protected async restart(reason: BootReason, prepare: () => void): Promise<void> {
    await this.outbox.settle();
    this.cancel(this.heartbeatTask);
    await this.connection.close();
    prepare();
    this.needsBoot = true;
    this.bootReason = reason;
    this.bootState = 'Offline';
    this.statuses.forget();
    this.later(this.options.rebootDelay, () => {
      this.rebooting = false;
      void this.connect();
    });
  }

  private onAccepted(): void {
    this.scheduleHeartbeat();
    this.statuses.reportAll(true);
    void this.outbox.flush();
  }

  private scheduleHeartbeat(): void {
    this.cancel(this.heartbeatTask);
    const interval = this.model.getInt('OCPPCommCtrlr', 'HeartbeatInterval', 300);
    if (interval <= 0 || !this.isOnline) return;
    this.heartbeatTask = this.later(interval, () => {
      this.send('Heartbeat', {}).catch(() => undefined);
      this.scheduleHeartbeat();
    });
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.connection.isOpen) return;
    this.cancel(this.reconnectTask);
    try {
      await this.connection.open();
    } catch (err) {
      this.options.logger.warn(`${this.id}: connect failed: ${String(err)}`);
    }
  }

  private async reconnectNow(): Promise<void> {
    if (!this.connection.isOpen || this.stopped) return;
    await this.connection.close(false, true);
    if (this.offlineByRequest || this.rebooting) return;
    this.reconnectAttempt = 0;
    await this.connect();
  }

  private onOpen(): void {
    this.reconnectAttempt = 0;
    this.emit('connected');
    if (this.needsBoot || this.options.bootOnReconnect || this.bootState !== 'Accepted') void this.boot();
    else this.onAccepted();
  }

  private onClose(code: number | undefined, reason: string): void {
    this.cancel(this.heartbeatTask);
    this.cancel(this.bootTask);
    if (this.bootState !== 'Accepted') this.bootState = 'Offline';
    this.statuses.forget();
    this.emit('disconnected', { code, reason });
    this.firstBoot?.();
    if (this.stopped || this.offlineByRequest || this.rebooting) return;
    const { initial, max } = this.options.reconnectDelay;
    const delay = Math.min(max, initial * 2 ** this.reconnectAttempt) * (0.8 + 0.4 * this.options.random());
    this.reconnectAttempt += 1;
    this.cancel(this.reconnectTask);
    this.reconnectTask = this.later(delay, () => void this.connect());
  }

  /** A queued TransactionEvent, whose answer `resendStartOnReconnect` may lose with the connection. */
  private async sendQueued(action: Action201, payload: object): Promise<unknown> {
    const response = await this.sendRaw(action, payload);
    if (this.lostAnswers.loses(action, payload)) {
      await this.connection.close(true);
      throw new Error('TransactionEvent answer lost with the connection');
    }
    return response;
  }

  private async sendRaw(action: Action201, payload: object): Promise<unknown> {
    if (this.connection.isOpen) this.messagesSent += 1;
    try {
      const response = await this.connection.request(action, payload);
      this.emit('sent', { action, payload, response });
      return response;
    } catch (error) {
      this.emit('sent', { action, payload, error });
      throw error;
    }
  }

  protected abstract handleCall(action: string, payload: unknown): Promise<object>;

  private async onCall(action: string, payload: unknown): Promise<object> {
    this.messagesReceived += 1;
    this.emit('call', { action, payload });
    return this.handleCall(action, payload);
  }
}
