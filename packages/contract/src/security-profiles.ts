import { z } from 'zod';

/**
 * OCPP 1.6 security edition profiles, per charge point: 1 Basic auth (plain or TLS), 2 TLS and
 * Basic auth, 3 TLS with a client certificate (no password). A profile is only ever raised.
 */
export const SECURITY_PROFILES = [1, 2, 3] as const;
export type SecurityProfile = (typeof SECURITY_PROFILES)[number];

export const SecurityProfileBody = z.object({
  profile: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});
export type SecurityProfileBody = z.infer<typeof SecurityProfileBody>;

/** Days before a charger certificate's expiry from which it is flagged for renewal. */
export const CERTIFICATE_RENEWAL_DAYS = 30;

/**
 * What became of a charger's SignCertificate:
 * - `sent`: signed by Voltline's CA, CertificateSigned sent, the charger has not answered yet;
 * - `accepted` / `rejected`: the charger's answer to CertificateSigned;
 * - `failed`: CertificateSigned could not be delivered (offline, timeout, CALLERROR);
 * - `refused`: Voltline did not sign the request (`reason` says why).
 */
export const ISSUED_CERTIFICATE_STATES = ['sent', 'accepted', 'rejected', 'failed', 'refused'] as const;
export type IssuedCertificateState = (typeof ISSUED_CERTIFICATE_STATES)[number];

export const IssuedCertificate = z.object({
  id: z.number().int(),
  serialNumber: z.string().nullable(),
  subject: z.string(),
  notBefore: z.string().nullable(),
  notAfter: z.string().nullable(),
  fingerprint: z.string().nullable(),
  state: z.enum(ISSUED_CERTIFICATE_STATES),
  reason: z.string().nullable(),
  /** Accepted, valid now, and expiring within CERTIFICATE_RENEWAL_DAYS. */
  expiresSoon: z.boolean(),
  expired: z.boolean(),
  createdAt: z.string(),
});
export type IssuedCertificate = z.infer<typeof IssuedCertificate>;

/** A charge point's security: its profile and the certificates Voltline issued to it. */
export const ChargePointSecurity = z.object({
  securityProfile: z.number().int(),
  /** A raise sent and not yet answered. */
  pendingSecurityProfile: z.number().int().nullable(),
  hasPassword: z.boolean(),
  /** Whether Voltline serves TLS (profiles 2 and 3 need it). */
  tls: z.boolean(),
  /** Voltline's OCPP endpoint for the charger's profile, without its identity (a network profile's URL). */
  csmsUrl: z.string(),
  certificates: z.array(IssuedCertificate),
});
export type ChargePointSecurity = z.infer<typeof ChargePointSecurity>;

/** The steps of a raise a charger may refuse where it takes a new network connection profile (A05). */
export const SECURITY_RAISE_STEPS = ['networkProfile', 'priority', 'reset'] as const;
export type SecurityRaiseStep = (typeof SECURITY_RAISE_STEPS)[number];

/**
 * The answer of a profile raise: the charger's own word (ChangeConfiguration's status, or for an
 * OCPP 2.0.1 charger that of the step that ended it) and the security after it. `refusedAt`: the
 * step the charger refused; `awaitingReconnect`: accepted, and counted once the charger reconnects
 * with the profile (it stays pending until then).
 */
export const SecurityProfileChange = z.object({
  status: z.string(),
  refusedAt: z.enum(SECURITY_RAISE_STEPS).nullable(),
  awaitingReconnect: z.boolean(),
  security: ChargePointSecurity,
});
export type SecurityProfileChange = z.infer<typeof SecurityProfileChange>;
