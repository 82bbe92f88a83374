import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { chargingSessions } from './sessions.js';

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
    /** When the partner's tokens list was last read in full (the next pull asks from then: date_from). */
    tokensPulledAt: timestamp('tokens_pulled_at', { withTimezone: true }),
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

/**
 * An eMSP's token as Voltline received it (OCPI 2.2.1 Tokens, Voltline the receiver): pulled from the
 * partner's tokens sender or pushed by the partner. One row per partner and (country, party, uid,
 * type), replaced by each newer version. A charger's idTag / idToken is looked up by `uid`.
 */
export const roamingTokens = pgTable(
  'roaming_tokens',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => roamingPartners.id),
    countryCode: text('country_code').notNull(),
    partyId: text('party_id').notNull(),
    uid: text('uid').notNull(),
    /** AD_HOC_USER | APP_USER | OTHER | RFID */
    type: text('type').notNull(),
    contractId: text('contract_id').notNull(),
    visualNumber: text('visual_number'),
    issuer: text('issuer').notNull(),
    groupId: text('group_id'),
    valid: boolean('valid').notNull(),
    /** ALWAYS | ALLOWED | ALLOWED_OFFLINE | NEVER */
    whitelist: text('whitelist').notNull(),
    language: text('language'),
    defaultProfileType: text('default_profile_type'),
    energyContract: jsonb('energy_contract').$type<Record<string, unknown>>(),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roaming_tokens_object_uq').on(t.partnerId, t.countryCode, t.partyId, t.uid, t.type),
    index('roaming_tokens_uid_idx').on(sql`upper(${t.uid})`),
  ],
);

/**
 * Every answer Voltline gave about a roaming token at a charger, and where it came from: `whitelist`
 * (the cached token alone), `realtime` (the eMSP's POST tokens/{uid}/authorize; `allowed` is its
 * AllowedType, or UNREACHABLE when it did not answer in time), `command` (the eMSP's START_SESSION or
 * RESERVE_NOW, which authorizes the token it names). `verdict` is what the charger was told
 * (drivers/authorization.ts CardVerdict). A start of the token at the charge point shortly after an
 * ALLOWED answer is accepted by it and carries its authorization_reference.
 */
export const roamingAuthorizations = pgTable(
  'roaming_authorizations',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => roamingPartners.id),
    tokenId: integer('token_id'),
    tokenUid: text('token_uid').notNull(),
    tokenType: text('token_type').notNull(),
    chargePointId: integer('charge_point_id').notNull(),
    evseUid: text('evse_uid'),
    /** whitelist | realtime | command */
    source: text('source').notNull(),
    /** OCPI AllowedType (ALLOWED, BLOCKED, EXPIRED, NO_CREDIT, NOT_ALLOWED), or UNKNOWN / UNREACHABLE. */
    allowed: text('allowed').notNull(),
    verdict: text('verdict').notNull(),
    authorizationReference: text('authorization_reference'),
    /** The eMSP's display text (AuthorizationInfo.info), or why it could not be asked. */
    info: text('info'),
    /** The session the answer started, once one did. */
    sessionId: integer('session_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('roaming_authorizations_token_idx').on(sql`upper(${t.tokenUid})`, t.chargePointId, t.at),
    index('roaming_authorizations_partner_idx').on(t.partnerId, t.at),
  ],
);

/** A CDR as sent to the partner: never changed after; a correction is a credit CDR and a new one. */
export interface SentRoamingCdr {
  id: string;
  /** The bill it states (minor units, incl. VAT), negative for a credit CDR. */
  totalInclVat: number;
  credit: boolean;
  /** When the partner's cdrs receiver took it; null while not yet (or the partner only pulls). */
  sentAt: string | null;
  /** The OCPI CDR itself, as made once: resent unchanged, and what the partner's pull reads. */
  object?: Record<string, unknown>;
}

/**
 * A charging session of a partner's driver: the token it ran on (copied, as the token may change),
 * the authorization it started by, and what was pushed of it (OCPI Sessions and CDRs).
 */
export const roamingSessions = pgTable(
  'roaming_sessions',
  {
    sessionId: integer('session_id')
      .primaryKey()
      .references(() => chargingSessions.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => roamingPartners.id),
    tokenId: integer('token_id'),
    tokenUid: text('token_uid').notNull(),
    tokenType: text('token_type').notNull(),
    contractId: text('contract_id').notNull(),
    tokenCountryCode: text('token_country_code').notNull(),
    tokenPartyId: text('token_party_id').notNull(),
    authorizationReference: text('authorization_reference'),
    authorizationId: integer('authorization_id'),
    sessionPushedAt: timestamp('session_pushed_at', { withTimezone: true }),
    cdrs: jsonb('cdrs').$type<SentRoamingCdr[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('roaming_sessions_partner_idx').on(t.partnerId, t.sessionId)],
);

/**
 * A partner's reservation (OCPI RESERVE_NOW) sent straight to the charger as ReserveNow. Not a
 * booking: bookings hold a Voltline driver's card, a partner's token belongs to no driver. The
 * partner names it by its own string id; the charger by an integer, ROAMING_RESERVATION_BASE + id:
 * bookings send their own id, far below that, so the two never meet at one charger.
 */
export const roamingReservations = pgTable(
  'roaming_reservations',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => roamingPartners.id),
    /** The partner's reservation_id. */
    reservationId: text('reservation_id').notNull(),
    chargePointId: integer('charge_point_id').notNull(),
    /** 0 when the reservation is for any EVSE of the location. */
    connectorId: integer('connector_id').notNull(),
    tokenUid: text('token_uid').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** sent | active | refused | cancelled */
    state: text('state').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roaming_reservations_uq').on(t.partnerId, t.reservationId)],
);

/** OCPP reservationId of a partner's reservation = this + roaming_reservations.id (int32 still). */
export const ROAMING_RESERVATION_BASE = 1_000_000_000;
