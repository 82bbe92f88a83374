import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { chargePoints } from './charge-points.js';
import { operators } from './operators.js';

/**
 * SecurityEventNotifications as chargers sent them (OCPP 1.6 security edition). The type is kept
 * as given, even one the edition does not define; `critical` is the edition's flag for the type.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id, { onDelete: 'cascade' }),
    /** The charge point's operator when the event arrived: the event's tenant. */
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    type: text('type').notNull(),
    critical: boolean('critical').notNull(),
    /** When it happened, by the charger's clock. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    techInfo: text('tech_info'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('security_events_cp_idx').on(t.chargePointId, t.occurredAt),
    index('security_events_operator_idx').on(t.operatorId, t.occurredAt),
    index('security_events_occurred_idx').on(t.occurredAt),
  ],
);

/**
 * The root certificates a charger holds, as it reported them (GetInstalledCertificateIds) or
 * accepted them (InstallCertificate); removed when it deletes one. Hash data as the charger names
 * certificates: lower-case hexadecimal, the serial number without leading zeroes.
 */
export const chargerCertificates = pgTable(
  'charger_certificates',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id, { onDelete: 'cascade' }),
    /** CentralSystemRootCertificate | ManufacturerRootCertificate */
    certificateType: text('certificate_type').notNull(),
    hashAlgorithm: text('hash_algorithm').notNull(),
    issuerNameHash: text('issuer_name_hash').notNull(),
    issuerKeyHash: text('issuer_key_hash').notNull(),
    serialNumber: text('serial_number').notNull(),
    /** Known when Voltline installed it: a charger reports hash data only. */
    subject: text('subject'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('charger_certificates_unique_idx').on(
      t.chargePointId,
      t.certificateType,
      t.hashAlgorithm,
      t.issuerNameHash,
      t.issuerKeyHash,
      t.serialNumber,
    ),
  ],
);
