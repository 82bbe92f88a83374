import type { Ocpp201 } from '@voltline/contract';
import type { CardPool } from './card-pool.js';
import type { Scheduler } from './scheduler.js';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined };

export interface SimChargerOptions {
  /** Central system base URL; the charger id is appended as a path segment. */
  url: string;
  id: string;
  /** HTTP Basic auth password (OCPP security profile 1). No header is sent without it. */
  password?: string;
  /** Basic auth user name when it differs from the charger id (some chargers send another one). */
  basicAuthUser?: string;
  /**
   * OCPP 1.6 security edition profile: 1 Basic auth, 2 TLS and Basic auth, 3 TLS with the client
   * certificate in `tls` (no password sent). Default 1. Kept in the SecurityProfile configuration key.
   */
  securityProfile?: 1 | 2 | 3;
  /**
   * Whether the charger implements the OCPP 1.6 security edition's messages (default true). Many
   * chargers in the field do not: they answer those CALLs NotImplemented.
   */
  securityEdition?: boolean;
  /** TLS for a wss:// url: the CA(s) the charger trusts, and its client certificate and key (PEM). */
  tls?: { ca?: string | Buffer; cert?: string; key?: string };
  vendor?: string;
  model?: string;
  serial?: string;
  firmware?: string;
  iccid?: string;
  imsi?: string;
  meterType?: string;
  meterSerial?: string;
  /** Number of connectors (1..). Default 2. */
  connectors?: number;
  /** Maximum power per connector, W. Default 22,000 (3 × 32 A); above 43,000 the charger is DC. */
  maxPower?: number;
  /** Energy register each connector starts from, Wh. Default: a random few MWh, like a used charger. */
  initialEnergyWh?: number;
  /** RFID tags used by automatic sessions. */
  idTags?: string[];
  /** Start and stop sessions by themselves (demo and load). Default false: tests drive the charger. */
  autoSessions?: boolean;
  /** Chance per idle connector per simulated minute that a driver arrives. Default 0.05. */
  sessionProbability?: number;
  /**
   * Share (0..1) of automatic sessions started with a card another charger of the fleet is using at
   * that moment (its start may still be in flight), as with a cloned card or a shared account. The
   * central system should answer the second start ConcurrentTx. Needs a `cardPool` (a fleet has one).
   * Default 0.
   */
  sharedCardShare?: number;
  /**
   * Cards the central system has revoked (blocked, expired) that this charger's local authorization
   * list still holds as Accepted, as with a list that is out of date. They are put in the list at
   * start (version 1), and LocalPreAuthorize defaults to true, so the charger starts on them without
   * asking and learns of the refusal from StartTransaction.conf.
   */
  revokedIdTags?: string[];
  /** Share (0..1) of automatic sessions started with one of `revokedIdTags`. Default 0. */
  revokedCardShare?: number;
  /**
   * The cards in use across a fleet: automatic sessions take a card nobody is using (one driver, one
   * card), or one in use for `sharedCardShare`. Without it cards are drawn at random from `idTags`.
   */
  cardPool?: CardPool;
  /**
   * Lose the answer to StartTransaction once, for every start (true) or a share of them (0..1): the
   * charger drops the connection as the answer arrives and resends the same StartTransaction after
   * reconnecting. Default false.
   */
  resendStartOnReconnect?: boolean | number;
  /** Chance per connector per simulated hour of a fault. Default 0 (library), CLI 0.01. */
  faultProbability?: number;
  /** Time multiplier: every interval and the energy delivered run this many times faster. Default 1. */
  speed?: number;
  /** Initial configuration values (e.g. { MeterValueSampleInterval: '10' }); unknown keys are added. */
  config?: Record<string, string>;
  /** Send BootNotification again after a network reconnect (a reboot always does). Default false. */
  bootOnReconnect?: boolean;
  /** Simulated seconds a reboot (Reset, firmware) takes before reconnecting. Default 5. */
  rebootDelay?: number;
  /** Reconnect backoff in simulated seconds. Default 1 → 30. */
  reconnectDelay?: { initial: number; max: number };
  /** How long to wait for an answer to a CALL, real ms. Default 30,000. */
  callTimeoutMs?: number;
  /** WebSocket ping interval, real ms. Default 0 (off): the central system usually pings. */
  pingIntervalMs?: number;
  /** Diagnostics upload over HTTP: PUT the raw file (default) or POST it as multipart/form-data. */
  diagnosticsHttpMethod?: 'PUT' | 'POST';
  scheduler?: Scheduler;
  logger?: Logger;
  /**
   * Answer every SetChargingProfile Rejected, like a charger whose smart charging is switched off,
   * so the central system's handling of a refusal can be shown. Default false.
   */
  rejectChargingProfiles?: boolean;
  /** A 2.0.1 station refuses CustomerInformation (N09/N10: a station that will not tell or clear). */
  rejectCustomerInformation?: boolean;
  /**
   * Answer every Reset Rejected, like a station that will not restart now (its firmware is being
   * installed), so the central system's handling of a refused reset can be shown. Default false.
   */
  rejectResets?: boolean;
  /** Randomness source, for reproducible runs. */
  random?: () => number;
  /** The protocol the charger speaks: OCPP 1.6J (default) or 2.0.1 (`startCharger201`, fleets). */
  ocpp?: OcppVersion;
  /** OCPP 2.0.1: the IdTokenType of the cards drivers present (default ISO14443, an RFID card's UID). */
  idTokenType?: IdTokenType;
  /**
   * OCPP 2.0.1: share (0..1, or true for all) of automatic sessions where the driver plugs in before
   * presenting the card: the transaction starts on the cable (CablePluggedIn) and the idToken comes
   * on a later Updated event. Default 0: card first, the Started event carries the idToken.
   */
  plugInFirst?: boolean | number;
  /**
   * OCPP 2.0.1: seconds the charger's clock is off (positive: ahead). Every timestamp it sends is
   * shifted by this much, as with a charger whose clock was never set. Default 0.
   */
  clockOffsetS?: number;
}

export type OcppVersion = '1.6' | '2.0.1';

export type IdTokenType = Ocpp201.AuthorizeRequest['idToken']['type'];

type OptionalKeys =
  | 'password'
  | 'basicAuthUser'
  | 'iccid'
  | 'imsi'
  | 'initialEnergyWh'
  | 'cardPool'
  | 'securityProfile'
  | 'tls';

export type ResolvedOptions = Required<
  Omit<SimChargerOptions, OptionalKeys | 'resendStartOnReconnect' | 'plugInFirst'>
> &
  Pick<SimChargerOptions, OptionalKeys> & { resendStartOnReconnect: number; plugInFirst: number };

function share(value: number | undefined, name: string): number {
  const v = value ?? 0;
  if (!(v >= 0 && v <= 1)) throw new Error(`${name} must be between 0 and 1`);
  return v;
}

export function resolveOptions(o: SimChargerOptions, defaultScheduler: Scheduler): ResolvedOptions {
  if (!o.url) throw new Error('url is required');
  if (!o.id) throw new Error('id is required');
  const connectors = o.connectors ?? 2;
  if (!Number.isInteger(connectors) || connectors < 1)
    throw new Error('connectors must be a positive integer');
  if ((o.sharedCardShare ?? 0) + (o.revokedCardShare ?? 0) > 1)
    throw new Error('sharedCardShare and revokedCardShare add up to more than 1');
  const speed = o.speed ?? 1;
  if (!(speed > 0)) throw new Error('speed must be positive');
  return {
    ...o,
    securityEdition: o.securityEdition ?? true,
    vendor: o.vendor ?? 'Voltline',
    model: o.model ?? 'SimCharger 22',
    serial: o.serial ?? `SN-${o.id}`,
    firmware: o.firmware ?? '1.0.0',
    meterType: o.meterType ?? 'SimMeter',
    meterSerial: o.meterSerial ?? `MTR-${o.id}`,
    connectors,
    maxPower: o.maxPower ?? 22_000,
    idTags: o.idTags ?? [],
    autoSessions: o.autoSessions ?? false,
    sessionProbability: o.sessionProbability ?? 0.05,
    sharedCardShare: share(o.sharedCardShare, 'sharedCardShare'),
    revokedIdTags: o.revokedIdTags ?? [],
    revokedCardShare: share(o.revokedCardShare, 'revokedCardShare'),
    resendStartOnReconnect: share(
      typeof o.resendStartOnReconnect === 'boolean'
        ? Number(o.resendStartOnReconnect)
        : o.resendStartOnReconnect,
      'resendStartOnReconnect',
    ),
    faultProbability: o.faultProbability ?? 0,
    speed,
    config: withSecurityProfile(
      o.revokedIdTags?.length && o.config?.LocalPreAuthorize === undefined
        ? { ...o.config, LocalPreAuthorize: 'true' }
        : (o.config ?? {}),
      o.securityProfile,
    ),
    bootOnReconnect: o.bootOnReconnect ?? false,
    rejectChargingProfiles: o.rejectChargingProfiles ?? false,
    rejectCustomerInformation: o.rejectCustomerInformation ?? false,
    rejectResets: o.rejectResets ?? false,
    rebootDelay: o.rebootDelay ?? 5,
    reconnectDelay: o.reconnectDelay ?? { initial: 1, max: 30 },
    callTimeoutMs: o.callTimeoutMs ?? 30_000,
    pingIntervalMs: o.pingIntervalMs ?? 0,
    diagnosticsHttpMethod: o.diagnosticsHttpMethod ?? 'PUT',
    scheduler: o.scheduler ?? defaultScheduler,
    logger: o.logger ?? silentLogger,
    random: o.random ?? Math.random,
    ocpp: o.ocpp ?? '1.6',
    idTokenType: o.idTokenType ?? 'ISO14443',
    plugInFirst: share(
      typeof o.plugInFirst === 'boolean' ? Number(o.plugInFirst) : o.plugInFirst,
      'plugInFirst',
    ),
    clockOffsetS: o.clockOffsetS ?? 0,
  };
}

function withSecurityProfile(config: Record<string, string>, profile: number | undefined) {
  return profile === undefined ? config : { ...config, SecurityProfile: String(profile) };
}
