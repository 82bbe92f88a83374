import { scheduleAlignedData } from './aligned-data.js';
import { clearFault, fault, scheduleBehaviour } from './behaviour.js';
import { CertificateStore } from './certificates.js';
import { ChargingProfiles } from './charging-profiles.js';
import { dispatch } from './commands/index.js';
import type { ChargePointErrorCode, ConnectorStatus } from './connector.js';
import { ChargerCore, type DiagnosticsStatus, type FirmwareStatus } from './core.js';
import { LocalAuth, type IdTagInfo } from './local-auth.js';
import { DC_THRESHOLD_W } from './meter-values.js';
import type { SimChargerOptions } from './options.js';
import type { CostMessage } from './cost-messages.js';
import type { Vehicle } from './power-curve.js';
import { ChargerSessions, type SessionStart, type StopReason } from './sessions.js';

export type {
  BootState,
  DiagnosticsStatus,
  FirmwareStatus,
  ReceivedCall,
  SentMessage,
  SimChargerEvents,
} from './core.js';

/** One simulated OCPP 1.6J charge point. Create it with startCharger(). */
export class SimCharger extends ChargerCore {
  readonly profiles: ChargingProfiles;
  readonly localAuth = new LocalAuth();
  /** Root certificates installed by the central system (InstallCertificate). */
  readonly certificates = new CertificateStore();
  readonly sessions: ChargerSessions;
  firmwareStatus: FirmwareStatus = 'Idle';
  diagnosticsStatus: DiagnosticsStatus = 'Idle';
  /** The GetLog upload under way (its requestId), for a triggered LogStatusNotification. */
  logUpload: { requestId: number; status: 'Uploading' } | null = null;
  /**
   * ExtendedTriggerMessage(SignChargePointCertificate): the charger's certificate request flow, by
   * default a new key and its CSR sent in SignCertificate. Unset, the trigger is Rejected.
   */
  onSignCertificateRequested: ((charger: SimCharger) => void | Promise<void>) | undefined = async (c) => {
    await c.requestCertificate();
  };
  /**
   * The prices and costs the central system sent for the display (OCA California Pricing
   * DataTransfers), when the charger declares `CustomDisplayCostAndPrice` (`config`).
   */
  readonly costMessages: CostMessage[] = [];
  /** How the display answers them: Rejected stands for a display that refuses them. */
  costMessageAnswer: 'Accepted' | 'Rejected' = 'Accepted';
  /** With autoSessions: whether drivers still arrive (false winds a fleet down: running sessions end as usual). */
  driversArrive = true;

  constructor(options: SimChargerOptions) {
    super(options);
    const wattsPerAmp = this.options.maxPower > DC_THRESHOLD_W ? 400 : 690;
    this.profiles = new ChargingProfiles(wattsPerAmp, this.config.getInt('ChargeProfileMaxStackLevel', 10));
    this.sessions = new ChargerSessions(this);
    const revoked = this.options.revokedIdTags;
    if (revoked.length > 0) {
      this.localAuth.preload(Object.fromEntries(revoked.map((idTag) => [idTag, { status: 'Accepted' }])), 1);
    }
    // A new password or security profile is a change of security parameters: the charger says so
    // once its answer to the ChangeConfiguration has gone out.
    this.config.onChange((key) => {
      if (key === 'AuthorizationKey' || key === 'SecurityProfile') {
        this.later(0, () => this.securityEvent('ReconfigurationOfSecurityParameters', `${key} changed`));
      }
    });
  }

  /** Whether the charger reaches the central system over TLS (wss://). */
  get usesTls(): boolean {
    return this.options.url.startsWith('wss:');
  }

  /**
   * Sends a SecurityEventNotification (OCPP 1.6 security edition). Queued like transaction
   * messages, so an event raised offline is delivered once the charger is back.
   */
  securityEvent(type: string, techInfo?: string): void {
    const timestamp = new Date().toISOString();
    this.outbox.push('SecurityEventNotification', () => ({
      type,
      timestamp,
      ...(techInfo ? { techInfo: techInfo.slice(0, 255) } : {}),
    }));
  }

  private started = false;

  override async start(): Promise<void> {
    if (!this.started) {
      this.started = true;
      scheduleBehaviour(this);
      scheduleAlignedData(this);
    }
    await super.start();
  }

  // ---- Driving the charger (tests, demo) ----

  /** A vehicle is plugged in: the connector goes Preparing. */
  plugIn(connectorId: number, vehicle?: Vehicle): void {
    this.sessions.plugIn(connectorId, vehicle);
  }

  /** The vehicle is unplugged: a running session stops (EVDisconnected), the connector goes Available. */
  unplug(connectorId: number): void {
    this.sessions.unplug(connectorId);
  }

  /**
   * An RFID card at the reader. Resolves with the Authorize result. With a vehicle plugged in an accepted card
   * starts a session; the card that started a running session stops it.
   */
  async swipe(idTag: string, connectorId = 1): Promise<IdTagInfo> {
    const c = this.connector(connectorId);
    if (!c) throw new Error(`${this.id} has no connector ${connectorId}`);
    if (c.transaction && !c.transaction.stopping && c.transaction.idTag === idTag) {
      this.stopSession(connectorId, 'Local');
      return this.localAuth.lookup(idTag) ?? { status: 'Accepted' };
    }
    const info = await this.sessions.authorize(idTag);
    const reservedForOther = c.reservation !== undefined && c.reservation.idTag !== idTag;
    if (info.status === 'Accepted' && c.vehicle && c.isFree && !reservedForOther)
      this.sessions.begin(c, idTag);
    return info;
  }

  /** Plug in, Authorize, StartTransaction. Resolves with the authorization status and the transaction id. */
  async startSession(connectorId: number, idTag: string): Promise<SessionStart> {
    return await this.sessions.start(connectorId, idTag);
  }

  /** StopTransaction (queued when offline); the connector goes Finishing, then Available as the car leaves. */
  stopSession(connectorId: number, reason: StopReason = 'Local'): boolean {
    const c = this.connector(connectorId);
    const stopped = this.sessions.stop(
      connectorId,
      reason,
      reason === 'Local' ? c?.transaction?.idTag : undefined,
    );
    if (stopped && c?.vehicle) this.later(2, () => this.sessions.unplug(connectorId));
    return stopped;
  }

  fault(connectorId: number, errorCode: ChargePointErrorCode = 'GroundFailure'): void {
    fault(this, connectorId, errorCode);
  }

  clearFault(connectorId: number): void {
    clearFault(this, connectorId);
  }

  // ---- State ----

  get connectorStatuses(): Record<number, ConnectorStatus> {
    const out: Record<number, ConnectorStatus> = { 0: this.status };
    for (const c of this.connectors) out[c.id] = c.status;
    return out;
  }

  /** connectorId → transaction id (undefined while StartTransaction is still queued). */
  get activeTransactions(): Record<number, number | undefined> {
    const out: Record<number, number | undefined> = {};
    for (const c of this.connectors) if (c.transaction) out[c.id] = c.transaction.id;
    return out;
  }

  /** connectorId → energy register (Wh), power (W) and vehicle SoC (%). */
  get meterValues(): Record<number, { energyWh: number; powerW: number; soc: number | undefined }> {
    const out: Record<number, { energyWh: number; powerW: number; soc: number | undefined }> = {};
    for (const c of this.connectors) {
      out[c.id] = { energyWh: Math.floor(c.energyWh), powerW: Math.round(c.powerW), soc: c.vehicle?.soc };
    }
    return out;
  }

  get configuration(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const k of this.config.list().configurationKey) out[k.key] = k.value ?? '';
    return out;
  }

  /** Reboots like a real charger: stop sessions, close the socket, come back and boot again. */
  async reboot(kind: 'Soft' | 'Hard', newFirmware?: string): Promise<void> {
    if (this.rebooting) return;
    this.rebooting = true;
    for (const c of this.connectors) {
      if (c.transaction) this.sessions.stop(c.id, kind === 'Soft' ? 'SoftReset' : 'HardReset');
    }
    await this.restart(() => {
      if (newFirmware) this.firmwareVersion = newFirmware;
      for (const c of this.connectors) this.sessions.resetAfterReboot(c);
    });
  }

  protected async handleCall(action: string, payload: unknown): Promise<object> {
    return await dispatch(this, action, payload);
  }
}

/** Creates a charger and connects it. Resolves once the first BootNotification is answered (or the first
 * connection attempt failed, in which case it keeps retrying in the background). */
export async function startCharger(options: SimChargerOptions): Promise<SimCharger> {
  const charger = new SimCharger(options);
  await charger.start();
  return charger;
}
