import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { chargePoints } from './charge-points.js';
import { operators } from './operators.js';

/**
 * Short-lived credentials for one charger's file transfer: a download grant reads exactly one file
 * (`file_key`), an upload grant writes into one folder (`file_key` is the folder). The same grant
 * backs the FTP login in the URL Voltline sends and the signed HTTP link.
 */
export const fileGrants = pgTable(
  'file_grants',
  {
    id: serial('id').primaryKey(),
    /** download | upload */
    kind: text('kind').notNull(),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id, { onDelete: 'cascade' }),
    /** The charge point's operator when the grant was made: the tenant of what is transferred. */
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    /** Download: the file's key in the file store. Upload: the folder the charger writes into. */
    fileKey: text('file_key').notNull(),
    /** The FTP user name: random, and the grant's public handle in signed HTTP links. */
    username: text('username').notNull(),
    /** SHA-256 of the random FTP password (a long random secret, so no slow hash is needed). */
    passwordHash: text('password_hash').notNull(),
    /** Upload grants: the most the charger may store under this grant, all files together. */
    maxBytes: bigint('max_bytes', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Completed transfers: downloads served or uploads stored. */
    uses: integer('uses').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('file_grants_username_uq').on(t.username),
    index('file_grants_cp_idx').on(t.chargePointId, t.createdAt),
    index('file_grants_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Every file Voltline keeps in its file store: diagnostics uploaded by chargers now, firmware
 * images next (a firmware record will point at its stored file).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: serial('id').primaryKey(),
    /** diagnostics | firmware */
    kind: text('kind').notNull(),
    /** Where the file lives in the file store, e.g. `diagnostics/12/vl3f…/log.zip`. */
    key: text('key').notNull(),
    /** The file's name as the charger or the user gave it. */
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    chargePointId: integer('charge_point_id').references(() => chargePoints.id, { onDelete: 'set null' }),
    grantId: integer('grant_id').references(() => fileGrants.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stored_files_key_uq').on(t.key),
    index('stored_files_cp_idx').on(t.chargePointId, t.createdAt),
    index('stored_files_operator_idx').on(t.operatorId, t.kind),
  ],
);
