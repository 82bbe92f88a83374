import { z } from 'zod';
import { CERTIFICATE_ID_USES, CertificateHashData, HASH_ALGORITHMS } from './commands.js';
import { IsoTime } from './common.js';

/**
 * The security events the security edition of OCPP 1.6 and OCPP 2.0.1 define (section "Security events"), with
 * whether each is critical: a charger must send a critical one to the central system at once
 * (queued while offline). A charger may send other types; they are stored as given.
 */
export const SECURITY_EVENTS = {
  FirmwareUpdated: true,
  FailedToAuthenticateAtCentralSystem: false,
  CentralSystemFailedToAuthenticate: false,
  SettingSystemTime: true,
  StartupOfTheDevice: true,
  ResetOrReboot: true,
  SecurityLogWasCleared: true,
  ReconfigurationOfSecurityParameters: false,
  MemoryExhaustion: true,
  InvalidMessages: false,
  AttemptedReplayAttacks: false,
  TamperDetectionActivated: true,
  InvalidFirmwareSignature: false,
  InvalidFirmwareSigningCertificate: false,
  InvalidCentralSystemCertificate: false,
  InvalidChargePointCertificate: false,
  InvalidTLSVersion: false,
  InvalidTLSCipherSuite: false,
  // OCPP 2.0.1 (A04) names the central system the CSMS and the charge point the charging station.
  FailedToAuthenticateAtCsms: false,
  CsmsFailedToAuthenticate: false,
  InvalidCsmsCertificate: false,
  InvalidChargingStationCertificate: false,
  // Not sent by a charger: Voltline's record of a charger's Plug & Charge (ISO 15118) question and
  // its outcome (M01/M02 contract certificate install or update, M06 OCSP status, C07 contract).
  Iso15118CertificateInstall: false,
  Iso15118CertificateUpdate: false,
  Iso15118CertificateStatus: false,
  Iso15118ContractAuthorization: false,
} as const satisfies Record<string, boolean>;
export type SecurityEventType = keyof typeof SECURITY_EVENTS;
export const SECURITY_EVENT_TYPES = Object.keys(SECURITY_EVENTS) as SecurityEventType[];

/**
 * Events that signal an attack or tampering: a refused certificate, a replayed message, firmware
 * whose signature fails. The edition does not mark them critical (the charger may send them late),
 * but an operator must look into each, so Voltline highlights them with the critical ones.
 */
export const THREAT_SECURITY_EVENTS: readonly SecurityEventType[] = [
  'AttemptedReplayAttacks',
  'InvalidFirmwareSignature',
  'InvalidFirmwareSigningCertificate',
  'InvalidCentralSystemCertificate',
  'InvalidChargePointCertificate',
  'InvalidCsmsCertificate',
  'InvalidChargingStationCertificate',
];
/** A vendor's own name for tampering or an attack (`FirmwareTampered`, `CableTamperAlarm`...). */
const THREAT_WORDS = /tamper|attack|replay|intrusion/i;

/** The types Voltline highlights: the edition's critical events and the threat events. */
export const CRITICAL_SECURITY_EVENTS = SECURITY_EVENT_TYPES.filter(
  (k) => SECURITY_EVENTS[k] || THREAT_SECURITY_EVENTS.includes(k),
);

/** Whether an event is highlighted as critical: the edition's critical types, threats, and vendor types naming tampering or an attack. */
export const isCriticalSecurityEvent = (type: string): boolean =>
  (CRITICAL_SECURITY_EVENTS as readonly string[]).includes(type) || THREAT_WORDS.test(type);

/** One SecurityEventNotification as a charger sent it. */
export const SecurityEvent = z.object({
  id: z.number().int(),
  chargePointId: z.string(),
  chargePointDbId: z.number().int(),
  chargePointName: z.string(),
  operatorName: z.string(),
  /** As the charger named it (up to 50 characters; may be a type the edition does not define). */
  type: z.string(),
  critical: z.boolean(),
  /** When it happened, by the charger's clock. */
  timestamp: z.string(),
  techInfo: z.string().nullable(),
  /** When Voltline received it. */
  receivedAt: z.string(),
});
export type SecurityEvent = z.infer<typeof SecurityEvent>;

/** The network list's filter (`POST messageTrace/SecurityEvents?index&size`) and its Excel. */
export const SecurityEventFilter = z.object({
  chargePointId: z.string().trim().max(48).optional(),
  type: z.string().trim().max(50).optional(),
  criticalOnly: z.boolean().optional(),
  from: IsoTime.optional(),
  to: IsoTime.optional(),
});
export type SecurityEventFilter = z.input<typeof SecurityEventFilter>;

/** `GET messageTrace/SecurityEvents?ChargePointId&index&size`: one charger's events. */
export const ChargerSecurityEventQuery = z.object({
  ChargePointId: z.string().trim().min(1).max(48),
  index: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
});

/** A root certificate a charger reported (GetInstalledCertificateIds) or accepted (InstallCertificate). */
export const InstalledCertificate = z.object({
  id: z.number().int(),
  certificateType: z.enum(CERTIFICATE_ID_USES),
  hashAlgorithm: z.enum(HASH_ALGORITHMS),
  issuerNameHash: z.string(),
  issuerKeyHash: z.string(),
  serialNumber: z.string(),
  /** The certificate's subject, when Voltline installed it (a charger reports only hash data). */
  subject: z.string().nullable(),
  /** When the charger last reported it, or accepted it. */
  reportedAt: z.string(),
});
export type InstalledCertificate = z.infer<typeof InstalledCertificate>;

/** `POST portal/ChargePoint/CertificateHashData`: a PEM certificate checked before it is sent. */
export const CertificateInspectBody = z.object({ certificate: z.string().trim().min(1).max(5500) });
export const CertificateInfo = z.object({
  hashData: CertificateHashData,
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
});
export type CertificateInfo = z.infer<typeof CertificateInfo>;

export const SECURITY_API = {
  /** GET ?ChargePointId&index&size (one charger); POST filter ?index&size (the network). */
  events: 'messageTrace/SecurityEvents',
  /** POST filter: the same list as .xlsx. */
  excel: 'messageTrace/SecurityEvents/SecurityEventsExcel',
  /** GET: the root certificates a charger reported. */
  certificates: (id: number | string) => `portal/ChargePoint/${id}/Certificates`,
  /** POST CertificateInspectBody: parses a certificate and computes its hash data. */
  inspect: 'portal/ChargePoint/CertificateHashData',
} as const;
