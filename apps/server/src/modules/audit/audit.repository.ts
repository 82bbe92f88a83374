import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AuditFilter, AuditLogFilter } from '@voltline/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { auditLogs, operators, users } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';
import { containsPattern } from '../../lib/like.js';

export type AuditEntry = typeof auditLogs.$inferInsert;

export function insertAudit(tx: Tx, entry: AuditEntry) {
  return tx.insert(auditLogs).values(entry);
}

/** Which lines: one user's (their activity log) or the network's, filtered. */
export type AuditQuery =
  { userId: number; filter: z.output<typeof AuditFilter> } | { filter: z.output<typeof AuditLogFilter> };

/** An audit line with the names it mentions, as read from the database. */
export interface AuditRow {
  id: number;
  userId: number | null;
  userEmail: string | null;
  userName: string | null;
  /** The API key that acted, when one did. */
  apiKeyName: string | null;
  operatorId: number | null;
  operatorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  entityName: string | null;
  /** The operator path of the record the line is about, when it still exists. */
  subjectPath: string | null;
  /** The operator path of the user who acted, now (null: no user, or the user is gone). */
  authorPath: string | null;
  target: string | null;
  targetId: string | null;
  currency: string | null;
  summary: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
}

/** Operators keep money (minimum balance) in the network's currency. */
const NETWORK_CURRENCY = 'TRY';

/** The line's id as an integer when its entity is `kind` (never casts another kind's text id). */
const intId = (kind: string) =>
  sql.raw(`CASE WHEN a.entity = '${kind}' AND a.entity_id ~ '^[0-9]{1,9}$' THEN a.entity_id::int END`);

/**
 * The record a line is about, one branch per kind: its name, its operator (for tenant scope), the
 * currency of its money, and the portal screen that shows it. Each branch runs only for lines of
 * its kind, so a page of lines costs one indexed lookup per line, not a query per kind.
 */
const SUBJECT = sql`LEFT JOIN LATERAL (
    SELECT d.name || ' ' || d.surname AS name, d.operator_id, d.currency, 'driver' AS target, d.id::text AS target_id
      FROM drivers d WHERE a.entity = 'driver' AND d.id = ${intId('driver')}
    UNION ALL
    SELECT c.number || ' (' || d.name || ' ' || d.surname || ')', d.operator_id, d.currency, 'driver', d.id::text
      FROM rfid_cards c JOIN drivers d ON d.id = c.driver_id
      WHERE a.entity = 'rfidCard' AND c.id = ${intId('rfidCard')}
    UNION ALL
    SELECT ad.title || ' (' || d.name || ' ' || d.surname || ')', d.operator_id, d.currency, 'driver', d.id::text
      FROM driver_addresses ad JOIN drivers d ON d.id = ad.driver_id
      WHERE a.entity = 'address' AND ad.id = ${intId('address')}
    UNION ALL
    SELECT v.name || ' (' || d.name || ' ' || d.surname || ')', d.operator_id, d.currency, 'driver', d.id::text
      FROM driver_vehicles v JOIN drivers d ON d.id = v.driver_id
      WHERE a.entity = 'vehicle' AND v.id = ${intId('vehicle')}
    UNION ALL
    SELECT cp.name, cp.operator_id, NULL, 'chargePoint', cp.charge_point_id
      FROM charge_points cp
      WHERE a.entity = 'chargePoint' AND lower(cp.charge_point_id) = lower(a.entity_id)
    UNION ALL
    SELECT cp.name || ' #' || cn.connector_id, cp.operator_id, NULL, 'chargePoint', cp.charge_point_id
      FROM connectors cn JOIN charge_points cp ON cp.id = cn.charge_point_id
      WHERE a.entity = 'connector' AND cn.id = ${intId('connector')}
    UNION ALL
    SELECT t.name, t.operator_id, t.currency, 'tariff', t.id::text
      FROM tariffs t WHERE a.entity = 'tariff' AND t.id = ${intId('tariff')}
    UNION ALL
    SELECT u.name || ' ' || u.surname, u.operator_id, NULL, 'user', u.id::text
      FROM users u WHERE a.entity = 'user' AND u.id = ${intId('user')}
    UNION ALL
    SELECT o.name, o.id, ${NETWORK_CURRENCY}::text, 'operator', o.id::text
      FROM operators o WHERE a.entity = 'operator' AND o.id = ${intId('operator')}
    UNION ALL
    SELECT '#' || cs.id || ' · ' || cp.name, cs.operator_id, cs.currency, 'session', cs.id::text
      FROM charging_sessions cs JOIN charge_points cp ON cp.id = cs.charge_point_id
      WHERE a.entity = 'session' AND cs.id = ${intId('session')}
    UNION ALL
    SELECT p.pg_tran_id || coalesce(' (' || d.name || ' ' || d.surname || ')', ''), p.operator_id, p.currency,
        'payment', p.pg_tran_id
      FROM payments p LEFT JOIN drivers d ON d.id = p.driver_id
      WHERE a.entity = 'payment' AND p.pg_tran_id = a.entity_id
    LIMIT 1
  ) s ON true
  LEFT JOIN operators so ON so.id = s.operator_id`;

/**
 * The author's operator as recorded (`ao`), the author's operator now (`aup`, for who may read the
 * author), and the operator of the line's record as recorded when the line was written (`sub`).
 */
const AUTHOR = sql`LEFT JOIN users au ON au.id = a.user_id
  LEFT JOIN operators ao ON ao.id = a.operator_id
  LEFT JOIN api_keys ak ON ak.id = a.api_key_id
  LEFT JOIN operators aup ON aup.id = COALESCE(au.operator_id, ak.operator_id)
  LEFT JOIN operators sub ON sub.id = a.subject_operator_id`;

/**
 * Tenant scope of the audit log: a line belongs to the operator of the record it is about, as
 * recorded when it was written (`subject_operator_id`), never to the operator of who acted. A
 * user sees the lines about records of its subtree, whoever made them; an Admin above it acting
 * on another tenant's record leaves no line here. A line about no operator's record (a network
 * setting) is Admin's only. Admin sees every line.
 */
function scope(actor: Actor): SQL | undefined {
  if (actor.isAdmin) return undefined;
  return sql`sub.path LIKE ${`${actor.operatorPath}%`}`;
}

function conditions(actor: Actor, q: AuditQuery): SQL {
  const f = q.filter;
  const parts: SQL[] = [];
  // One user's activity log too: only the lines about records in the reader's reach.
  const scoped = scope(actor);
  if (scoped) parts.push(scoped);
  if ('userId' in q) parts.push(sql`a.user_id = ${q.userId}`);
  else {
    const { userId, operatorId } = q.filter;
    if (userId) parts.push(sql`a.user_id = ${userId}`);
    if (operatorId) parts.push(sql`(a.operator_id = ${operatorId} OR a.subject_operator_id = ${operatorId})`);
  }
  if (f.action) parts.push(sql`a.action = ${f.action}`);
  if (f.entity) parts.push(sql`a.entity = ${f.entity}`);
  if (f.from) parts.push(sql`a.created_at >= ${new Date(f.from).toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`a.created_at <= ${new Date(f.to).toISOString()}::timestamptz`);
  return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
}

interface RawRow {
  id: string | number;
  user_id: number | null;
  user_email: string | null;
  user_name: string | null;
  api_key_name: string | null;
  operator_id: number | null;
  operator_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  entity_name: string | null;
  subject_path: string | null;
  author_path: string | null;
  target: string | null;
  target_id: string | null;
  currency: string | null;
  summary: Record<string, unknown> | string;
  ip: string | null;
  user_agent: string | null;
  created_at: Date | string;
}

const toRow = (r: RawRow): AuditRow => ({
  id: Number(r.id),
  userId: r.user_id,
  userEmail: r.user_email,
  userName: r.user_name,
  apiKeyName: r.api_key_name,
  operatorId: r.operator_id,
  operatorName: r.operator_name,
  action: r.action,
  entity: r.entity,
  entityId: r.entity_id,
  entityName: r.entity_name,
  subjectPath: r.subject_path,
  authorPath: r.author_path,
  target: r.target,
  targetId: r.target_id,
  currency: r.currency,
  summary: typeof r.summary === 'string' ? (JSON.parse(r.summary) as Record<string, unknown>) : r.summary,
  ip: r.ip,
  userAgent: r.user_agent,
  createdAt: new Date(r.created_at),
});

/** A page of lines with their names, newest first unless the filter says otherwise. */
export async function listAudit(tx: Tx, actor: Actor, q: AuditQuery, offset: number, limit: number) {
  const where = conditions(actor, q);
  const order = q.filter.sortOrder === 'asc' ? sql`ASC` : sql`DESC`;
  const result = await tx.execute(sql`
    SELECT a.id, a.user_id, a.user_email, au.name || ' ' || au.surname AS user_name, ak.name AS api_key_name,
      a.operator_id, ao.name AS operator_name, a.action, a.entity, a.entity_id,
      s.name AS entity_name, so.path AS subject_path, aup.path AS author_path, s.target, s.target_id, s.currency,
      a.summary, a.ip, a.user_agent, a.created_at
    FROM audit_logs a
    ${AUTHOR}
    ${SUBJECT}
    WHERE ${where}
    ORDER BY a.id ${order}
    LIMIT ${limit} OFFSET ${offset}`);
  return (result as { rows: RawRow[] }).rows.map(toRow);
}

/** How many lines match; the record's operator joins only for a reader's scope. */
export async function countAudit(tx: Tx, actor: Actor, q: AuditQuery): Promise<number> {
  const where = conditions(actor, q);
  const result = await tx.execute(sql`
    SELECT count(*)::int AS n FROM audit_logs a
    ${actor.isAdmin ? sql`` : sql`LEFT JOIN operators sub ON sub.id = a.subject_operator_id`}
    WHERE ${where}`);
  const [row] = (result as { rows: { n: number | string }[] }).rows;
  return Number(row?.n ?? 0);
}

export type ReferenceKind = 'operator' | 'tariff' | 'driver' | 'user';

/**
 * Names of the records that changed fields point to (operatorId, tariffId, ...), in one query for
 * a whole page, and only those in the actor's reach: an id out of reach stays a bare number.
 */
export async function referenceNames(
  tx: Tx,
  actor: Actor,
  ids: Record<ReferenceKind, number[]>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (Object.values(ids).every((list) => list.length === 0)) return names;
  const arr = (list: number[]) => sql`${`{${list.join(',')}}`}::int[]`;
  const reach = actor.isAdmin ? sql`true` : sql`o.path LIKE ${`${actor.operatorPath}%`}`;
  const result = await tx.execute(sql`
    SELECT 'operator' AS kind, o.id, o.name FROM operators o WHERE o.id = ANY(${arr(ids.operator)}) AND ${reach}
    UNION ALL
    SELECT 'tariff', t.id, t.name FROM tariffs t JOIN operators o ON o.id = t.operator_id
      WHERE t.id = ANY(${arr(ids.tariff)}) AND ${reach}
    UNION ALL
    SELECT 'driver', d.id, d.name || ' ' || d.surname FROM drivers d JOIN operators o ON o.id = d.operator_id
      WHERE d.id = ANY(${arr(ids.driver)}) AND ${reach}
    UNION ALL
    SELECT 'user', u.id, u.name || ' ' || u.surname FROM users u JOIN operators o ON o.id = u.operator_id
      WHERE u.id = ANY(${arr(ids.user)}) AND ${reach}`);
  for (const r of (result as { rows: { kind: string; id: number; name: string }[] }).rows) {
    names.set(`${r.kind}:${r.id}`, r.name);
  }
  return names;
}

/** Portal users in reach, deleted ones too (their lines stay), for the log's user filter. */
export function findAuditUsers(tx: Tx, actor: Actor, search: string | undefined, userId: number | undefined) {
  const pattern = search ? containsPattern(search) : undefined;
  return tx
    .select({
      id: users.id,
      name: sql<string>`${users.name} || ' ' || ${users.surname}`,
      email: users.email,
      operatorName: operators.name,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .innerJoin(operators, eq(operators.id, users.operatorId))
    .where(
      and(
        inScope(actor, operators.path),
        userId ? eq(users.id, userId) : undefined,
        pattern
          ? or(ilike(users.email, pattern), ilike(sql`${users.name} || ' ' || ${users.surname}`, pattern))
          : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.surname), asc(users.id))
    .limit(20);
}
