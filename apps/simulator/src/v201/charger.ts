import type { Ocpp201 } from '@voltline/contract';
import type { HashAlgorithm } from '../certificates.js';
import type { SimChargerOptions } from '../options.js';
import type { Vehicle } from '../power-curve.js';
import { scheduleBehaviour201 } from './behaviour.js';
import { dispatch201 } from './commands.js';
import { liveMessages, type MessageInfo201 } from './commands-display.js';
import { DC_THRESHOLD_W } from '../meter-values.js';
import { ExternalLimits201 } from './external-limits.js';
import { Monitors201 } from './monitors.js';
import { Profiles201 } from './profiles.js';
import { Reservations201 } from './reservations.js';
import type { ConnectorStatus201, StoppedReason, TriggerReason } from './evse.js';
import { firstProfile, prioritySlots, type NetworkProfile } from './network.js';
import { Sessions201, type SessionStart201, type StartOptions201 } from './sessions.js';
import { Station201, type BootReason } from './station.js';

export type IdTokenInfo201 = Ocpp201.AuthorizeResponse['idTokenInfo'];
export type FirmwareStatus201 = Ocpp201.FirmwareStatusNotificationRequest['status'];
export type { NetworkProfile } from './network.js';

/** One simulated OCPP 2.0.1 charging station. Create it with startCharger201() or a fleet. */
export class SimCharger201 extends Station201 {
  readonly sessions: Sessions201;
  /** ReserveNow / CancelReservation (H01-H04). */
  readonly reservations: Reservations201;
  /** Charging profiles (K01, K08-K10), limiting what the cars draw. */
  readonly profiles: Profiles201;
  /** Limits set by an energy manager or the grid operator (K12, K13), and the car's needs (K15, K17). */
  readonly external: ExternalLimits201;
  /** Variable monitors (N02-N08), raising NotifyEvent as the values they watch change. */
  readonly monitors: Monitors201;
  /** Local authorization list (D01, D02) and its version. */
  readonly localList = new Map<string, IdTokenInfo201>();
  localListVersion = 0;
  protected localListSize(): number {
    return this.localList.size;
  }
  /** SetDisplayMessage's messages by id (O01-O06). */
  readonly displayMessages = new Map<number, MessageInfo201>();
  protected displayMessageCount(): number {
    return liveMessages(this).size;
  }
  /**
   * Network connection profiles by configuration slot (B09): the station's own first connection,
   * and what SetNetworkProfile stored. After a reboot it connects through the first slot of
   * NetworkConfigurationPriority that holds one (B10, A05).
   */
  readonly networkProfiles: Map<number, NetworkProfile>;
  /** The slot of the connection in use, which SetNetworkProfile may not overwrite. */
  activeSlot: number;
  /** InstallCertificate: the PEM of each installed certificate, by certificate type. */
  readonly certificates: Array<{ type: string; pem: string }> = [];
  /** How GetInstalledCertificateIds names the certificates (M03): the station's choice of hash. */
  certificateHashAlgorithm: HashAlgorithm = 'SHA256';
  /** L01/L02: the last FirmwareStatusNotification status, and the update under way (its requestId). */
  firmwareStatus: FirmwareStatus201 = 'Idle';
  firmwareRequest: number | undefined;
  /** N01: the GetLog whose upload is under way (its requestId). */
  logRequest: number | undefined;
  /** With autoSessions: whether drivers still arrive (false winds a fleet down). */
  driversArrive = true;
  /** Reset OnIdle arrived during a transaction: the station reboots once the last one ends. */
  resetWhenIdle = false;
  private started = false;

  constructor(options: SimChargerOptions) {
    super(options);
    const wattsPerAmp = this.options.maxPower > DC_THRESHOLD_W ? 400 : 690;
    this.profiles = new Profiles201(
      wattsPerAmp,
      this.model.getInt('SmartChargingCtrlr', 'ProfileStackLevel', 10),
    );
    this.reservations = new Reservations201(this);
    this.external = new ExternalLimits201(this);
    this.sessions = new Sessions201(this);
    this.monitors = new Monitors201(this);
    const [slot, profile] = firstProfile(this.options);
    this.networkProfiles = new Map([[slot, profile]]);
    this.activeSlot = slot;
  }

  override async start(): Promise<void> {
    if (!this.started) {
      this.started = true;
      scheduleBehaviour201(this);
    }
    await super.start();
  }

  override async close(): Promise<void> {
    // Reservations end with the station: no expiry waits on a station that is gone.
    for (const e of this.evses) this.cancel(e.reservation?.task);
    await super.close();
  }

  // ---- Driving the station (tests, demo) ----

  plugIn(evseId: number, vehicle?: Vehicle): void {
    this.sessions.plugIn(evseId, vehicle);
  }

  unplug(evseId: number): void {
    this.sessions.unplug(evseId);
  }

  /** A card at the reader of an EVSE: starts, authorizes or stops a transaction (token type from options). */
  async swipe(idToken: string, evseId = 1): Promise<SessionStart201> {
    return await this.sessions.present(evseId, this.sessions.token(idToken));
  }

  /** Card then cable (default), or cable then card with `plugInFirst`. */
  async startSession(evseId: number, idToken: string, options?: StartOptions201): Promise<SessionStart201> {
    return await this.sessions.start(evseId, idToken, options);
  }

  /** Ends the transaction on an EVSE: Ended with the reason, and the trigger that goes with it. */
  stopSession(evseId: number, reason: StoppedReason = 'Local'): boolean {
    const trigger: TriggerReason =
      reason === 'Local'
        ? 'StopAuthorized'
        : reason === 'Remote'
          ? 'RemoteStop'
          : reason === 'EVDisconnected'
            ? 'EVCommunicationLost'
            : 'AbnormalCondition';
    return this.sessions.stop(evseId, trigger, reason);
  }

  /** The connector fails: a running transaction ends and the connector reports Faulted. */
  fault(evseId: number): void {
    const e = this.evse(evseId);
    if (!e) throw new Error(`${this.id} has no EVSE ${evseId}`);
    if (e.transaction) this.sessions.end(e, 'AbnormalCondition', 'Other');
    e.faulted = true;
    this.reservations.removeOn(e);
    this.statuses.report(e);
  }

  clearFault(evseId: number): void {
    const e = this.evse(evseId);
    if (!e?.faulted) return;
    e.faulted = false;
    this.statuses.report(e);
  }

  /** The station's temperature sensor reads a new value (°C); its monitors may raise events. */
  setTemperature(celsius: number): void {
    this.model.set('TemperatureSensor', 'Temperature', String(celsius));
  }

  // ---- State ----

  /** evseId → connector status. */
  get connectorStatuses(): Record<number, ConnectorStatus201> {
    return Object.fromEntries(this.evses.map((e) => [e.id, e.currentStatus()]));
  }

  /** evseId → the charger's own transaction id. */
  get activeTransactions(): Record<number, string> {
    const out: Record<number, string> = {};
    for (const e of this.evses) if (e.transaction) out[e.id] = e.transaction.id;
    return out;
  }

  /** Reboots like a real station (B11, B12): transactions end, socket closes, BootNotification again. */
  async reboot(reason: BootReason = 'RemoteReset'): Promise<void> {
    if (this.rebooting) return;
    this.rebooting = true;
    this.resetWhenIdle = false;
    for (const e of this.evses) if (e.transaction) this.sessions.end(e, 'ResetCommand', 'ImmediateReset');
    await this.restart(reason, () => {
      this.useNetworkPriority();
      for (const e of this.evses) {
        this.cancel(e.tickTask);
        e.vehicle = undefined;
        e.powerW = 0;
        e.faulted = false;
      }
    });
  }

  /** The first prioritised slot that holds a profile becomes the connection of the next boot. */
  private useNetworkPriority(): void {
    const slot = prioritySlots(this.model).find((n) => this.networkProfiles.has(n));
    const profile = slot === undefined ? undefined : this.networkProfiles.get(slot);
    if (slot === undefined || !profile) return;
    this.activeSlot = slot;
    // Its URL, and its security profile (Basic auth up to 2; from 3 the client certificate alone).
    this.connection.setEndpoint(profile.ocppCsmsUrl);
    this.connection.setTransport(this.options.tls, profile.securityProfile < 3);
    this.model.set('SecurityCtrlr', 'SecurityProfile', String(profile.securityProfile));
  }

  /** Called by the sessions when a transaction ended: a Reset OnIdle waiting for it happens now. */
  transactionEnded(): void {
    if (this.resetWhenIdle && this.evses.every((e) => !e.transaction))
      this.later(0, () => void this.reboot());
  }

  protected async handleCall(action: string, payload: unknown): Promise<object> {
    return await dispatch201(this, action, payload);
  }
}

/** Creates a 2.0.1 station and connects it; resolves once the first BootNotification is answered. */
export async function startCharger201(options: SimChargerOptions): Promise<SimCharger201> {
  const charger = new SimCharger201(options);
  await charger.start();
  return charger;
}
