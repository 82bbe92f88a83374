import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from './operators.js';
import { users } from './users.js';

/**
 * API keys (issue #32). The secret itself is never stored: only its SHA-256 (a key is 32 random
 * bytes, so a slow hash buys nothing) and its first characters, to tell keys apart in a list.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    name: text('name').notNull(),
    /** A role of the role table; when null, `permissions` is the key's narrower list. */
    role: text('role'),
    permissions: text('permissions').array().notNull().default([]),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The secret before the last rotation, valid until `previousValidUntil`. */
    previousHash: text('previous_hash'),
    previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
    /** Addresses or CIDR blocks the key may be used from; empty: anywhere. */
    allowedIps: text('allowed_ips').array().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_uq').on(t.secretHash),
    index('api_keys_previous_hash_idx').on(t.previousHash),
    index('api_keys_operator_idx').on(t.operatorId),
  ],
);
