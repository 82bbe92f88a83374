import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { chargePoints } from './charge-points.js';

/**
 * Certificates Voltline's CA signed for chargers (SignCertificate → CertificateSigned), and the
 * requests it refused. States: see ISSUED_CERTIFICATE_STATES in the contract. The private key
 * never leaves the charger; only the certificate is kept.
 */
export const issuedCertificates = pgTable(
  'issued_certificates',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id, { onDelete: 'cascade' }),
    /** Hexadecimal serial number; null for a refused request (nothing was signed). */
    serialNumber: text('serial_number'),
    /** The subject the charger asked for, as RFC 4514 text. */
    subject: text('subject').notNull(),
    notBefore: timestamp('not_before', { withTimezone: true }),
    notAfter: timestamp('not_after', { withTimezone: true }),
    /** SHA-256 of the certificate (hex, colon-separated as node:crypto prints it). */
    fingerprint: text('fingerprint'),
    certificate: text('certificate'),
    state: text('state').notNull(),
    /** Why a request was refused or the delivery failed (a message key or the charger's answer). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('issued_certificates_cp_idx').on(t.chargePointId, t.createdAt),
    uniqueIndex('issued_certificates_serial_idx').on(t.serialNumber),
  ],
);
