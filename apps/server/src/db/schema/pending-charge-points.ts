import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Chargers that connected with an id no operator has: held at the installation level, in no
 * operator, until an Admin approves one into an operator (it becomes a charge point) or deletes it.
 * One row per id however often it retries; the handshake limits how many new ids one address may add.
 */
export const pendingChargePoints = pgTable(
  'pending_charge_points',
  {
    id: serial('id').primaryKey(),
    /** The OCPP identity as the charger last presented it. */
    chargePointId: text('charge_point_id').notNull(),
    /** The identity in lower case: ids are matched without regard to case. */
    chargePointKey: text('charge_point_key').notNull(),
    remoteAddress: text('remote_address'),
    /**
     * Salted SHA-256 of the Basic-auth password of the first attempt (null: none). Approval keeps
     * it, so a charger already set up with a password connects with it; a later attempt never changes it.
     */
    passwordHash: text('password_hash'),
    vendor: text('vendor'),
    model: text('model'),
    serialNumber: text('serial_number'),
    firmwareVersion: text('firmware_version'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(1),
  },
  (t) => [uniqueIndex('pending_charge_points_key_idx').on(t.chargePointKey)],
);
