import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operators } from './operators.js';

export const chargePoints = pgTable(
  'charge_points',
  {
    id: serial('id').primaryKey(),
    /** The OCPP identity: the last path segment of ws://host/ocpp/{chargePointId}. */
    chargePointId: text('charge_point_id').notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    name: text('name').notNull(),
    /** pending (auto-registered, waiting for staff) | accepted | rejected */
    registrationStatus: text('registration_status').notNull().default('accepted'),
    /** Salted SHA-256 of the Basic-auth password; null = no password (security profile 0). */
    passwordHash: text('password_hash'),
    /**
     * A new password sent by ChangeConfiguration AuthorizationKey and not yet confirmed: the charger
     * may reconnect with it before its answer is stored. Accepted: it becomes the password; else cleared.
     */
    pendingPasswordHash: text('pending_password_hash'),
    /**
     * OCPP 1.6 security edition profile the charger is held to at the handshake: 1 Basic auth,
     * 2 TLS and Basic auth, 3 TLS with a client certificate.
     */
    securityProfile: integer('security_profile').notNull().default(1),
    /**
     * The OCPP version the charger last connected with (its WebSocket subprotocol): `ocpp1.6` or
     * `ocpp2.0.1`. A detail of the charge point: sessions, bills and screens never branch on it.
     */
    ocppProtocol: text('ocpp_protocol').notNull().default('ocpp1.6'),
    /** A profile sent by ChangeConfiguration SecurityProfile and not yet confirmed (as pendingPasswordHash). */
    pendingSecurityProfile: integer('pending_security_profile'),
    brand: text('brand'),
    model: text('model'),
    serialNumber: text('serial_number'),
    firmwareVersion: text('firmware_version'),
    vendor: text('vendor'),
    iccid: text('iccid'),
    imsi: text('imsi'),
    meterType: text('meter_type'),
    meterSerialNumber: text('meter_serial_number'),
    activationDate: timestamp('activation_date', { withTimezone: true }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    countryCode: text('country_code'),
    city: text('city'),
    zipCode: text('zip_code'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    minPower: integer('min_power'),
    maxPower: integer('max_power'),
    /** W or A */
    powerUnit: text('power_unit').notNull().default('W'),
    openingTime: text('opening_time'),
    closingTime: text('closing_time'),
    /** Status of connector 0 (the charge point itself) from its last StatusNotification. */
    status: text('status'),
    errorCode: text('error_code'),
    /** The rest of connector 0's last report (its fault record, as a connector's below). */
    statusInfo: text('status_info'),
    statusVendorId: text('status_vendor_id'),
    statusVendorErrorCode: text('status_vendor_error_code'),
    faultSince: timestamp('fault_since', { withTimezone: true }),
    statusAt: timestamp('status_at', { withTimezone: true }),
    connected: boolean('connected').notNull().default(false),
    lastConnectedAt: timestamp('last_connected_at', { withTimezone: true }),
    lastDisconnectedAt: timestamp('last_disconnected_at', { withTimezone: true }),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    lastBootAt: timestamp('last_boot_at', { withTimezone: true }),
    /** Which server process holds the charger's socket (scale-out). */
    connectedNode: text('connected_node'),
    diagnosticsStatus: text('diagnostics_status'),
    firmwareStatus: text('firmware_status'),
    /** When the last FirmwareStatusNotification came. */
    firmwareStatusAt: timestamp('firmware_status_at', { withTimezone: true }),
    /**
     * The charger's clock minus Voltline's at receipt (ms), as last measured when it mattered: a
     * clock found more than a few minutes off, and the measurement that found it right again
     * (modules/charge-points/clock.ts). Null when never found off.
     */
    clockOffsetMs: bigint('clock_offset_ms', { mode: 'number' }),
    clockOffsetAt: timestamp('clock_offset_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('charge_points_cpid_uq').on(sql`lower(${t.chargePointId})`),
    index('charge_points_operator_idx').on(t.operatorId),
    // The chargers a process holds: released at its start and stop, and when it is gone.
    index('charge_points_connected_node_idx')
      .on(t.connectedNode)
      .where(sql`${t.connectedNode} IS NOT NULL`),
  ],
);

export const connectors = pgTable(
  'connectors',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id),
    /** OCPP connector number, 1..n (0 is the charge point itself and is kept on charge_points). */
    connectorId: integer('connector_id').notNull(),
    connectorType: text('connector_type'),
    /** The EVSE id a driver or roaming partner sees (e.g. TR*VLT*E000123*1); staff set it. */
    evseUid: text('evse_uid'),
    maximumPower: integer('maximum_power'),
    maximumChargeDuration: integer('maximum_charge_duration'),
    minimumChargeDuration: integer('minimum_charge_duration'),
    tariffId: integer('tariff_id'),
    status: text('status').notNull().default('Unknown'),
    errorCode: text('error_code'),
    info: text('info'),
    /** Whose vendorErrorCode it is (StatusNotification vendorId). */
    vendorId: text('vendor_id'),
    vendorErrorCode: text('vendor_error_code'),
    /**
     * When the current fault began: the first report of an error code other than NoError, kept
     * while the same code (and vendor code) is reported; null without a fault. Protocol-neutral:
     * any adapter's status reports set it through the same batch.
     */
    faultSince: timestamp('fault_since', { withTimezone: true }),
    statusAt: timestamp('status_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('connectors_cp_connector_uq').on(t.chargePointId, t.connectorId)],
);

/**
 * The physical connectors of an EVSE, for chargers that report them (OCPP 2.0.1): a Voltline
 * connector row is an EVSE (what charges one vehicle at a time), these are its plugs. A 1.6
 * charger has none: each of its connectors is an EVSE with one plug.
 */
export const evseConnectors = pgTable(
  'evse_connectors',
  {
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id),
    /** The EVSE: the Voltline connector number. */
    evseId: integer('evse_id').notNull(),
    /** The plug's number within its EVSE, 1..n. */
    connectorId: integer('connector_id').notNull(),
    /** As the charger reported it: Available | Occupied | Reserved | Unavailable | Faulted. */
    status: text('status').notNull(),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chargePointId, t.evseId, t.connectorId] })],
);

/** Every StatusNotification, connector 0 included, for history and uptime. */
export const statusHistory = pgTable(
  'status_history',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id').notNull(),
    connectorId: integer('connector_id').notNull(),
    status: text('status').notNull(),
    errorCode: text('error_code').notNull(),
    info: text('info'),
    vendorId: text('vendor_id'),
    vendorErrorCode: text('vendor_error_code'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('status_history_cp_idx').on(t.chargePointId, t.at)],
);

/** Connects and disconnects: uptime per charge point is computed from these. */
export const connectionEvents = pgTable(
  'connection_events',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id').notNull(),
    event: text('event').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    remoteAddress: text('remote_address'),
    detail: text('detail'),
  },
  (t) => [index('connection_events_cp_idx').on(t.chargePointId, t.at)],
);

/** DataTransfer, DiagnosticsStatusNotification and FirmwareStatusNotification as received. */
export const chargerEvents = pgTable(
  'charger_events',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('charger_events_cp_idx').on(t.chargePointId, t.kind, t.at)],
);

/** Charging profiles Voltline set on a charger (SetChargingProfile accepted), until cleared. */
export const chargingProfiles = pgTable(
  'charging_profiles',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id),
    connectorId: integer('connector_id').notNull(),
    /** The OCPP chargingProfileId. */
    profileId: integer('profile_id').notNull(),
    stackLevel: integer('stack_level').notNull(),
    purpose: text('purpose').notNull(),
    kind: text('kind').notNull(),
    chargingRateUnit: text('charging_rate_unit').notNull(),
    profile: jsonb('profile').$type<Record<string, unknown>>().notNull(),
    setBy: integer('set_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('charging_profiles_cp_profile_uq').on(t.chargePointId, t.profileId)],
);

/**
 * The local authorization list Voltline last sent to a charger and the charger Accepted
 * (SendLocalList): its version and entries, so a Differential update sends only what changed
 * since; and the version the charger last reported (GetLocalListVersion, or the version it
 * Accepted), so Voltline sends Full when the charger holds something else.
 */
export const localLists = pgTable('local_lists', {
  chargePointId: integer('charge_point_id')
    .primaryKey()
    .references(() => chargePoints.id, { onDelete: 'cascade' }),
  /** The version of the list the charger Accepted; null while none is recorded. */
  version: integer('version'),
  /** idTag → its idTagInfo as sent ({ status, expiryDate? }). */
  entries: jsonb('entries').$type<Record<string, { status: string; expiryDate?: string }>>().notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  /** The list version the charger last reported; -1: it has no local list support, 0: empty. */
  reportedVersion: integer('reported_version'),
  reportedAt: timestamp('reported_at', { withTimezone: true }),
});

/**
 * Every remote command sent to a charger and what became of it: `sent` until the charger answers,
 * then answered, callError, timedOut or offline; `lost` when the process that held the charger
 * stopped first (marked by the next start of that process, by `node_id`).
 */
export const commandRecords = pgTable(
  'command_records',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    /** The request as sent, secrets redacted. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    userId: integer('user_id'),
    nodeId: text('node_id').notNull(),
    outcome: text('outcome').notNull().default('sent'),
    status: text('status'),
    error: text('error'),
    /** The charger's whole reply or CALLERROR, secrets redacted (the raw console's calls). */
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('command_records_cp_idx').on(t.chargePointId, t.sentAt),
    index('command_records_pending_idx')
      .on(t.nodeId)
      .where(sql`${t.outcome} = 'sent'`),
  ],
);
