import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RoamingHubClient, RoamingModule, RoamingPartyRole } from '@voltline/contract';
import { operators } from './operators.js';
import { tariffs } from './billing.js';
import { xid8 } from './xid8.js';

/**
 * A roaming partner (issue #31): an eMSP or hub that exchanges OCPI 2.2.1 with Voltline as CPO.
 * Tokens the partner presents to Voltline are kept only as SHA-256 hashes (Voltline checks them);
 * the token Voltline presents to the partner is kept as is (Voltline must send it) and never shown.
 */
/** A failed exchange, kept as a message key with its values: shown in the reader's language. */
export interface StoredRoamingError {
  at: string;
  key: string;
  params: Record<string, string | number>;
}

export const roamingPartners = pgTable(
  'roaming_partners',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    name: text('name').notNull(),
    /** invited | registered | unregistered (contract ROAMING_PARTNER_STATES). */
    state: text('state').notNull(),
    /** inbound: the partner registered with Voltline's token A; outbound: Voltline with the partner's. */
    direction: text('direction').notNull(),
    countryCode: text('country_code'),
    partyId: text('party_id'),
    role: text('role'),
    roles: jsonb('roles').$type<RoamingPartyRole[]>().notNull().default([]),
    versionsUrl: text('versions_url'),
    version: text('version'),
    endpoints: jsonb('endpoints').$type<RoamingModule[]>().notNull().default([]),
    /** Hash of token A, usable once (credentials POST) until it expires. */
    tokenAHash: text('token_a_hash'),
    tokenAExpiresAt: timestamp('token_a_expires_at', { withTimezone: true }),
    /** Hash of the token the partner presents now (B or C), and of a new one while a rotation runs. */
    incomingTokenHash: text('incoming_token_hash'),
    pendingTokenHash: text('pending_token_hash'),
    /** The token Voltline presents to the partner. */
    outgoingToken: text('outgoing_token'),
    /** Operators published to the partner, each with its sub-operators. */
    publishedOperatorIds: jsonb('published_operator_ids').$type<number[]>().notNull().default([]),
    tariffId: integer('tariff_id').references(() => tariffs.id),
    /**
     * Pushes (issue #31): the integration events read for the partner so far (EVSE statuses, in
     * commit order), and since when locations and tariffs changed by staff were last sent. A push
     * that fails keeps them where they are and waits `pushRetryAt`: nothing is lost while the
     * partner is down.
     */
    pushCursor: bigint('push_cursor', { mode: 'number' }).notNull().default(0),
    pushCursorTx: xid8('push_cursor_tx').notNull().default('0'),
    locationsSyncedAt: timestamp('locations_synced_at', { withTimezone: true }),
    tariffsSyncedAt: timestamp('tariffs_synced_at', { withTimezone: true }),
    pushRetryAt: timestamp('push_retry_at', { withTimezone: true }),
    pushFailures: integer('push_failures').notNull().default(0),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** A hub's connected parties (OCPI hubclientinfo, pushed by the hub). */
    hubClients: jsonb('hub_clients').$type<RoamingHubClient[]>().notNull().default([]),
    lastErrors: jsonb('last_errors').$type<StoredRoamingError[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('roaming_partners_operator_idx').on(t.operatorId),
    uniqueIndex('roaming_partners_incoming_uq')
      .on(t.incomingTokenHash)
      .where(sql`${t.incomingTokenHash} IS NOT NULL`),
    uniqueIndex('roaming_partners_pending_uq')
      .on(t.pendingTokenHash)
      .where(sql`${t.pendingTokenHash} IS NOT NULL`),
    uniqueIndex('roaming_partners_token_a_uq')
      .on(t.tokenAHash)
      .where(sql`${t.tokenAHash} IS NOT NULL`),
  ],
);
