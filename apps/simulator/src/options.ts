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
  /** Randomness source, for reproducible runs. */
  random?: () => number;
}

export type ResolvedOptions = Required<
  Omit<SimChargerOptions, 'password' | 'basicAuthUser' | 'iccid' | 'imsi' | 'initialEnergyWh'>
> &
  Pick<SimChargerOptions, 'password' | 'basicAuthUser' | 'iccid' | 'imsi' | 'initialEnergyWh'>;

export function resolveOptions(o: SimChargerOptions, defaultScheduler: Scheduler): ResolvedOptions {
  if (!o.url) throw new Error('url is required');
  if (!o.id) throw new Error('id is required');
  const connectors = o.connectors ?? 2;
  if (!Number.isInteger(connectors) || connectors < 1)
    throw new Error('connectors must be a positive integer');
  const speed = o.speed ?? 1;
  if (!(speed > 0)) throw new Error('speed must be positive');
  return {
    ...o,
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
    faultProbability: o.faultProbability ?? 0,
    speed,
    config: o.config ?? {},
    bootOnReconnect: o.bootOnReconnect ?? false,
    rebootDelay: o.rebootDelay ?? 5,
    reconnectDelay: o.reconnectDelay ?? { initial: 1, max: 30 },
    callTimeoutMs: o.callTimeoutMs ?? 30_000,
    pingIntervalMs: o.pingIntervalMs ?? 0,
    diagnosticsHttpMethod: o.diagnosticsHttpMethod ?? 'PUT',
    scheduler: o.scheduler ?? defaultScheduler,
    logger: o.logger ?? silentLogger,
    random: o.random ?? Math.random,
  };
}
