import { z } from 'zod';
import type { Permission } from './roles.js';
import { IsoTime } from './common.js';
import { DisplayMessageCommandBodies } from './display-messages.js';

/** An OCPP integer: the JSON schemas' integers are 32-bit, and so are the columns they land in. */
const int32 = () => z.number().int().min(-2_147_483_648).max(2_147_483_647);

const cp = { chargePointId: z.string().trim().min(1).max(48) };
const connectorId = int32().min(0).max(99);
const idTag = z.string().trim().min(1).max(20);
const isoTime = IsoTime;

export const RESET_TYPES = ['Hard', 'Soft'] as const;
export const TRIGGER_MESSAGES = [
  'BootNotification',
  'DiagnosticsStatusNotification',
  'FirmwareStatusNotification',
  'Heartbeat',
  'MeterValues',
  'StatusNotification',
] as const;
export const AVAILABILITY_TYPES = ['Inoperative', 'Operative'] as const;

/** ExtendedTriggerMessage's messages (OCPP 1.6 security edition). */
export const EXTENDED_TRIGGER_MESSAGES = [
  'BootNotification',
  'LogStatusNotification',
  'FirmwareStatusNotification',
  'Heartbeat',
  'MeterValues',
  'SignChargePointCertificate',
  'StatusNotification',
] as const;
/** GetLog's kinds of log. */
export const LOG_TYPES = ['DiagnosticsLog', 'SecurityLog'] as const;
/**
 * Root certificates Voltline may install on a charger (InstallCertificate). The central system's
 * root is the CSMS root of OCPP 2.0.1; the ISO 15118 roots (V2G, mobility operator) only a charger
 * whose protocol keeps them takes (`keepsIso15118Certificates`).
 */
export const CERTIFICATE_USES = [
  'CentralSystemRootCertificate',
  'ManufacturerRootCertificate',
  'V2GRootCertificate',
  'MORootCertificate',
] as const;
/** What a charger can be asked it holds (GetInstalledCertificateIds): the roots, and its own V2G chain. */
export const CERTIFICATE_ID_USES = [...CERTIFICATE_USES, 'V2GCertificateChain'] as const;
/** The ISO 15118 (Plug & Charge) certificates of these. */
export const ISO15118_CERTIFICATE_USES: readonly string[] = [
  'V2GRootCertificate',
  'MORootCertificate',
  'V2GCertificateChain',
];
export const HASH_ALGORITHMS = ['SHA256', 'SHA384', 'SHA512'] as const;
/** A certificate as chargers name it (CertificateHashDataType). */
export const CertificateHashData = z.object({
  hashAlgorithm: z.enum(HASH_ALGORITHMS),
  issuerNameHash: z.string().trim().min(1).max(128),
  issuerKeyHash: z.string().trim().min(1).max(128),
  serialNumber: z.string().trim().min(1).max(40),
});
export type CertificateHashData = z.infer<typeof CertificateHashData>;
/** A PEM certificate as the security edition carries it (at most 5,500 characters). */
const pemCertificate = z.string().trim().min(1).max(5500);
export const LOCAL_LIST_UPDATE_TYPES = ['Full', 'Differential'] as const;

/** A charging profile as OCPP 1.6 sends it (csChargingProfiles of SetChargingProfile, chargingProfile of RemoteStartTransaction). */
export const CsChargingProfile = z.object({
  chargingProfileId: int32(),
  transactionId: int32().optional(),
  stackLevel: int32().min(0),
  // An external system's constraints (OCPP 2.0.1 ChargingStationExternalConstraints) are read, never
  // set: said in words rather than as an unknown option.
  chargingProfilePurpose: z.enum(['ChargePointMaxProfile', 'TxDefaultProfile', 'TxProfile'], {
    error: (issue) =>
      issue.input === 'ChargingStationExternalConstraints'
        ? 'command.externalConstraintsReadOnly'
        : undefined,
  }),
  chargingProfileKind: z.enum(['Absolute', 'Recurring', 'Relative']),
  recurrencyKind: z.enum(['Daily', 'Weekly']).optional(),
  validFrom: isoTime.optional(),
  validTo: isoTime.optional(),
  chargingSchedule: z.object({
    duration: int32().min(0).optional(),
    startSchedule: isoTime.optional(),
    chargingRateUnit: z.enum(['A', 'W']),
    chargingSchedulePeriod: z
      .array(
        z.object({
          startPeriod: int32().min(0),
          limit: z.number().min(0),
          numberPhases: int32().min(1).max(3).optional(),
        }),
      )
      .min(1)
      .max(48),
    minChargingRate: z.number().min(0).optional(),
  }),
});
export type CsChargingProfile = z.infer<typeof CsChargingProfile>;

/**
 * Bodies of the remote commands (`POST ocpp/RemoteTrigger/{command}`). Each names the charge
 * point; the rest is the OCPP request, so the answer in `data` is the charger's own.
 */
export const CommandBodies = {
  triggerMessage: z.object({
    ...cp,
    requestedMessage: z.enum(TRIGGER_MESSAGES),
    connectorId: connectorId.optional(),
  }),
  unLockConnector: z.object({ ...cp, connectorId: connectorId.min(1) }),
  reset: z.object({ ...cp, type: z.enum(RESET_TYPES) }),
  startTransaction: z.object({
    ...cp,
    idTag,
    connectorId: connectorId.min(1).optional(),
    /** OCPP 1.6 allows only a TxProfile here, with no transactionId (the transaction does not exist yet). */
    chargingProfile: CsChargingProfile.refine((p) => p.chargingProfilePurpose === 'TxProfile', {
      message: 'command.profileMustBeTx',
      path: ['chargingProfilePurpose'],
    })
      .refine((p) => p.transactionId === undefined, {
        message: 'command.profileNoTransaction',
        path: ['transactionId'],
      })
      .optional(),
  }),
  stopTransaction: z.object({ ...cp, transactionId: int32() }),
  updateFirmware: z.object({
    ...cp,
    location: z.url().max(512),
    retrieveDate: isoTime.optional(),
    retries: int32().min(0).max(10).optional(),
    retryInterval: int32().min(0).max(86_400).optional(),
  }),
  /**
   * Without `location` (the portal never sends one) Voltline generates it: an ftp:// folder with a
   * one-off login of its own file service, and tracks the request on `/logs/diagnostic`.
   */
  getDiagnostic: z.object({
    ...cp,
    location: z.url().max(512).optional(),
    startTime: isoTime.optional(),
    stopTime: isoTime.optional(),
    retries: int32().min(0).max(10).optional(),
    retryInterval: int32().min(0).max(86_400).optional(),
  }),
  changeConfiguration: z.object({ ...cp, key: z.string().trim().min(1).max(50), value: z.string().max(500) }),
  getConfiguration: z.object({ ...cp, key: z.array(z.string().trim().min(1).max(50)).max(100).optional() }),
  changeAvailability: z.object({ ...cp, connectorId, type: z.enum(AVAILABILITY_TYPES) }),
  clearCache: z.object(cp),
  reserveNow: z.object({
    ...cp,
    connectorId,
    expiryDate: isoTime,
    idTag,
    reservationId: int32(),
    parentIdTag: idTag.optional(),
  }),
  cancelReservation: z.object({ ...cp, reservationId: int32() }),
  getLocalListVersion: z.object(cp),
  /**
   * The network's cards to the charger's local authorization list: Full replaces the list,
   * Differential sends what changed since the version Voltline last sent.
   */
  sendLocalList: z.object({ ...cp, updateType: z.enum(LOCAL_LIST_UPDATE_TYPES) }),
  /**
   * E14 GetTransactionStatus: whether the charger still runs one of its sessions (`sessionId`, a
   * Voltline session of this charger) and has messages of it queued; without `sessionId`, whether
   * it has any transaction messages queued. Only chargers whose protocol has it (OCPP 2.0.1).
   */
  getTransactionStatus: z.object({ ...cp, sessionId: int32().min(1).optional() }),
  dataTransfer: z.object({
    ...cp,
    vendorId: z.string().trim().min(1).max(255),
    messageId: z.string().trim().min(1).max(50).optional(),
    data: z.string().max(10_000).optional(),
  }),
  clearChargingProfile: z.object({
    ...cp,
    id: int32().optional(),
    connectorId: connectorId.optional(),
    chargingProfilePurpose: z.enum(['ChargePointMaxProfile', 'TxDefaultProfile', 'TxProfile']).optional(),
    stackLevel: int32().min(0).optional(),
  }),
  setChargingProfile: z.object({
    ...cp,
    connectorId,
    csChargingProfiles: CsChargingProfile,
  }),
  getCompositeSchedule: z.object({
    ...cp,
    connectorId,
    duration: int32().min(1),
    chargingRateUnit: z.enum(['A', 'W']).optional(),
  }),
  extendedTriggerMessage: z.object({
    ...cp,
    requestedMessage: z.enum(EXTENDED_TRIGGER_MESSAGES),
    connectorId: connectorId.min(1).optional(),
  }),
  /**
   * GetLog: Voltline generates the requestId, and the location too when none is given (an ftp://
   * folder of its own file service, as for GetDiagnostics); the file is listed with diagnostics.
   */
  getLog: z.object({
    ...cp,
    logType: z.enum(LOG_TYPES),
    location: z.url().max(512).optional(),
    oldestTimestamp: isoTime.optional(),
    latestTimestamp: isoTime.optional(),
    retries: int32().min(0).max(10).optional(),
    retryInterval: int32().min(0).max(86_400).optional(),
  }),
  installCertificate: z.object({
    ...cp,
    certificateType: z.enum(CERTIFICATE_USES),
    certificate: pemCertificate,
  }),
  getInstalledCertificateIds: z.object({ ...cp, certificateType: z.enum(CERTIFICATE_ID_USES) }),
  deleteCertificate: z.object({ ...cp, certificateHashData: CertificateHashData }),
  /** A signed certificate chain for the charger (normally sent by Voltline's CA after SignCertificate). */
  certificateSigned: z.object({ ...cp, certificateChain: z.string().trim().min(1).max(10_000) }),
  /** SignedUpdateFirmware: Voltline generates the requestId. */
  signedUpdateFirmware: z.object({
    ...cp,
    location: z.url().max(512),
    retrieveDateTime: isoTime,
    installDateTime: isoTime.optional(),
    signingCertificate: pemCertificate,
    signature: z.string().trim().min(1).max(800),
    retries: int32().min(0).max(10).optional(),
    retryInterval: int32().min(0).max(86_400).optional(),
  }),
  /** O01/O02/O06: add or replace a display message (OCPP 2.0.1 chargers). */
  setDisplayMessage: z.object({ ...cp, ...DisplayMessageCommandBodies.setDisplayMessage }),
  /** O03/O04: the charger reports its messages in NotifyDisplayMessages, stored per charge point. */
  getDisplayMessages: z.object({ ...cp, ...DisplayMessageCommandBodies.getDisplayMessages }),
  /** O05: remove one display message. */
  clearDisplayMessage: z.object({ ...cp, ...DisplayMessageCommandBodies.clearDisplayMessage }),
} as const;

export type CommandName = keyof typeof CommandBodies;
export const COMMAND_NAMES = Object.keys(CommandBodies) as CommandName[];
export type CommandBody<C extends CommandName> = z.infer<(typeof CommandBodies)[C]>;

/** The OCPP action each command sends. */
export const COMMAND_ACTIONS = {
  triggerMessage: 'TriggerMessage',
  unLockConnector: 'UnlockConnector',
  reset: 'Reset',
  startTransaction: 'RemoteStartTransaction',
  stopTransaction: 'RemoteStopTransaction',
  updateFirmware: 'UpdateFirmware',
  getDiagnostic: 'GetDiagnostics',
  changeConfiguration: 'ChangeConfiguration',
  getConfiguration: 'GetConfiguration',
  changeAvailability: 'ChangeAvailability',
  clearCache: 'ClearCache',
  reserveNow: 'ReserveNow',
  cancelReservation: 'CancelReservation',
  getLocalListVersion: 'GetLocalListVersion',
  sendLocalList: 'SendLocalList',
  getTransactionStatus: 'GetTransactionStatus',
  dataTransfer: 'DataTransfer',
  clearChargingProfile: 'ClearChargingProfile',
  setChargingProfile: 'SetChargingProfile',
  getCompositeSchedule: 'GetCompositeSchedule',
  extendedTriggerMessage: 'ExtendedTriggerMessage',
  getLog: 'GetLog',
  installCertificate: 'InstallCertificate',
  getInstalledCertificateIds: 'GetInstalledCertificateIds',
  deleteCertificate: 'DeleteCertificate',
  certificateSigned: 'CertificateSigned',
  signedUpdateFirmware: 'SignedUpdateFirmware',
  setDisplayMessage: 'SetDisplayMessage',
  getDisplayMessages: 'GetDisplayMessages',
  clearDisplayMessage: 'ClearDisplayMessage',
} as const satisfies Record<CommandName, string>;

/**
 * What each remote command needs besides `commands:write`: the permission of its area in the role
 * table (certificates on a charger are its setup: `chargePoints`). A remote start that carries a charging profile also needs `smartCharging:write`, and a
 * ChangeConfiguration of AuthorizationKey (the charger's password) or SecurityProfile `chargePoints:write`.
 */
export const COMMAND_PERMISSIONS: Record<CommandName, readonly Permission[]> = {
  triggerMessage: [],
  unLockConnector: [],
  reset: [],
  startTransaction: [],
  stopTransaction: [],
  updateFirmware: ['firmware:write'],
  getDiagnostic: ['firmware:write'],
  changeConfiguration: [],
  getConfiguration: [],
  changeAvailability: [],
  clearCache: [],
  reserveNow: ['bookings:write'],
  cancelReservation: ['bookings:write'],
  getLocalListVersion: [],
  sendLocalList: ['drivers:read'],
  getTransactionStatus: ['sessions:read'],
  dataTransfer: [],
  clearChargingProfile: ['smartCharging:write'],
  setChargingProfile: ['smartCharging:write'],
  getCompositeSchedule: ['smartCharging:read'],
  extendedTriggerMessage: [],
  getLog: ['firmware:write'],
  installCertificate: ['chargePoints:write'],
  getInstalledCertificateIds: ['chargePoints:read'],
  deleteCertificate: ['chargePoints:write'],
  certificateSigned: ['chargePoints:write'],
  signedUpdateFirmware: ['firmware:write'],
  setDisplayMessage: [],
  getDisplayMessages: ['chargePoints:read'],
  clearDisplayMessage: [],
};

/** Every permission a command with this body needs, `commands:write` included. */
export function permissionsForCommand<C extends CommandName>(
  command: C,
  body: Partial<CommandBody<C>>,
): Permission[] {
  const extra: Permission[] = [];
  const b = body as { chargingProfile?: unknown; key?: unknown };
  if (command === 'startTransaction' && b.chargingProfile !== undefined) extra.push('smartCharging:write');
  if (
    command === 'changeConfiguration' &&
    typeof b.key === 'string' &&
    ['authorizationkey', 'securityprofile'].includes(b.key.toLowerCase())
  ) {
    extra.push('chargePoints:write');
  }
  return ['commands:write', ...COMMAND_PERMISSIONS[command], ...extra];
}

export const OCPP_LOG_TYPES = ['CALL', 'CALLRESULT', 'CALLERROR', 'INVALID'] as const;

/** Query of `messageTrace/OcppLogs/getLogs` and `getLogsRequestResponse`. */
export const OcppLogQuery = z.object({
  StartDate: isoTime.optional(),
  EndDate: isoTime.optional(),
  ChargePointId: z.string().trim().max(48).optional(),
  /** Comma-separated actions (e.g. `BootNotification,Heartbeat`) or message types (`CALLERROR`). */
  Types: z.string().trim().max(500).optional(),
  index: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
export type OcppLogQuery = z.input<typeof OcppLogQuery>;

export const OcppLogEntry = z.object({
  id: z.number().int(),
  chargePointId: z.string(),
  direction: z.enum(['in', 'out']),
  messageType: z.enum(OCPP_LOG_TYPES),
  messageId: z.string().nullable(),
  action: z.string().nullable(),
  payload: z.unknown(),
  at: z.string(),
  responseTimeMs: z.number().int().nullable(),
  /**
   * Set when the frame was larger than the log keeps (OCPP_LOG_FRAME_BYTES): `payload` is then the
   * first part of its JSON text, `size` the whole frame's bytes, `sha256` its hash (null for a frame
   * logged before frames were bounded).
   */
  truncated: z.object({ size: z.number().int(), sha256: z.string().nullable() }).nullable().optional(),
});
export type OcppLogEntry = z.infer<typeof OcppLogEntry>;

/** A CALL with the answer it got (if any). */
export const OcppLogPair = z.object({
  request: OcppLogEntry,
  response: OcppLogEntry.nullable(),
});
export type OcppLogPair = z.infer<typeof OcppLogPair>;

/**
 * What became of a remote command: `sent` while the charger has not answered, then `answered`
 * (the charger's status in `status`), `callError`, `timedOut`, `offline` (not connected, nothing
 * sent), or `lost` (the process holding the charger stopped before the answer came).
 */
export const COMMAND_OUTCOMES = ['sent', 'answered', 'callError', 'timedOut', 'offline', 'lost'] as const;
export type CommandOutcome = (typeof COMMAND_OUTCOMES)[number];

/** One remote command as the charge point's detail lists it (`GET portal/ChargePoint/{id}/commands`). */
export const CommandRecord = z.object({
  id: z.number().int(),
  /** The OCPP action sent (e.g. `RemoteStartTransaction`). */
  action: z.string(),
  /** Who sent it; null for Voltline itself. */
  userName: z.string().nullable(),
  /** The request as sent, secrets redacted. */
  request: z.record(z.string(), z.unknown()),
  outcome: z.enum(COMMAND_OUTCOMES),
  /** The charger's `status` (Accepted, Rejected…) when it answered with one. */
  status: z.string().nullable(),
  /** The CALLERROR code and description, or why it was lost. */
  error: z.string().nullable(),
  /** The charger's whole reply, or its CALLERROR, when Voltline keeps it (the raw console's calls). */
  answer: z.record(z.string(), z.unknown()).nullable().optional(),
  sentAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type CommandRecord = z.infer<typeof CommandRecord>;
