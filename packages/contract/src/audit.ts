import { z } from 'zod';
import { COMMAND_NAMES } from './commands.js';
import { Id, IsoTime } from './common.js';

/** The kinds of record an audit line is about (`entity`), as the services write them. */
export const AUDIT_ENTITIES = [
  'user',
  'operator',
  'chargePoint',
  'connector',
  'tariff',
  'driver',
  'rfidCard',
  'address',
  'vehicle',
  'session',
  'payment',
  /** A network-wide setting (entityId: its name, e.g. diagnosticsRetentionDays). */
  'setting',
  'maintenanceLog',
  'firmware',
  'firmwareCampaign',
  /** An API key of the integrations (issue #32). */
  'apiKey',
  /** Downtime excluded from uptime (issue #33). */
  'uptimeExclusion',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What was done (`action`). A remote command is `command.<name>` (see AUDIT_COMMAND_ACTIONS). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'archive',
  'unarchive',
  'retire',
  'login',
  'logout',
  'register',
  'passwordResetRequested',
  'passwordReset',
  'resetPassword',
  /** The charger connected with another OCPP version than before (a firmware upgrade, say). */
  'changeProtocol',
  'balance',
  'status',
  'topup',
  'refund',
  'close',
  'closeStale',
  'closeSuperseded',
  'completeLate',
  'holdForReview',
  'releaseReview',
  'correctReview',
  'pause',
  'resume',
  'cancel',
  /** A pending charger approved into an operator, or deleted from the pending list. */
  'approve',
  'reject',
  /** An API key given a new secret, or stopped. */
  'rotate',
  'revoke',
] as const;
export const AUDIT_COMMAND_ACTIONS = COMMAND_NAMES.map((c) => `command.${c}` as const);

/**
 * Fields that hold money in minor units (kuruş, cents), wherever they appear in a change: the
 * portal shows them in the entry's currency. Energy fields hold Wh.
 */
export const AUDIT_MONEY_FIELDS = [
  'pricePerKwh',
  'overLimitPricePerKwh',
  'fixedPrice',
  'balance',
  'amount',
  'cost',
  'minBalance',
  'refundedAmount',
] as const;
export const AUDIT_ENERGY_FIELDS = ['energyWh', 'meterStart', 'meterStop'] as const;

/** How a changed value is shown: money in currency, dates in the interface's style, secrets never. */
export const AUDIT_VALUE_KINDS = [
  'text',
  'number',
  'money',
  'energy',
  'date',
  'boolean',
  'list',
  'reference',
  'secret',
] as const;
export type AuditValueKind = (typeof AUDIT_VALUE_KINDS)[number];

/**
 * One field of an audit line. `before` is absent for what an action set or reported (a created
 * record's fields, a command's request), `after` for what it removed (a deleted record's fields);
 * both are absent for a secret. A `reference` (operatorId, tariffId, ...) carries the names of
 * the records its ids point to, when they are in the reader's reach.
 */
export const AuditChange = z.object({
  field: z.string(),
  kind: z.enum(AUDIT_VALUE_KINDS),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  beforeName: z.string().nullable().optional(),
  afterName: z.string().nullable().optional(),
});
export type AuditChange = z.infer<typeof AuditChange>;

/** The portal screen an audit line's record opens; `id` is what that screen's address takes. */
export const AUDIT_TARGETS = [
  'driver',
  'chargePoint',
  'tariff',
  'user',
  'operator',
  'session',
  'payment',
] as const;
export const AuditTarget = z.object({ kind: z.enum(AUDIT_TARGETS), id: z.string() });
export type AuditTarget = z.infer<typeof AuditTarget>;

export const AuditLog = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  /** The user's name as it is now; null for a change no user made (a rule, a charger). */
  userName: z.string().nullable(),
  operatorId: z.number().int().nullable(),
  /** The operator the user belonged to when acting. */
  operatorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The record's name (a driver's full name, a tariff's name), when it is in the reader's reach. */
  entityName: z.string().nullable(),
  target: AuditTarget.nullable(),
  /** The currency of the money fields below (the tariff's, the driver's, the payment's). */
  currency: z.string().nullable(),
  changes: z.array(AuditChange),
  /** The line as stored: `{ field: [before, after] }` for updates, the fields otherwise. */
  summary: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditLog = z.infer<typeof AuditLog>;

export const AuditFilter = z.object({
  action: z.string().trim().max(40).optional(),
  entity: z.string().trim().max(40).optional(),
  from: IsoTime.optional(),
  to: IsoTime.optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type AuditFilter = z.input<typeof AuditFilter>;

/**
 * The network-wide audit log. `operatorId` keeps the lines of that operator: made by its users or
 * about its records.
 */
const RecordId = z.number().int().positive().max(2_147_483_647);
export const AuditLogFilter = AuditFilter.extend({
  userId: RecordId.optional(),
  operatorId: RecordId.optional(),
});
export type AuditLogFilter = z.input<typeof AuditLogFilter>;

/** A portal user offered by the audit log's user filter. */
export const AuditUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  operatorName: z.string(),
  deleted: z.boolean(),
});
export type AuditUser = z.infer<typeof AuditUser>;

export const AuditUserQuery = z.object({
  search: z.string().trim().max(100).optional(),
  userId: Id.optional(),
});
export type AuditUserQuery = z.input<typeof AuditUserQuery>;
