import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AlertListQuery } from '@voltline/contract';
import type { z } from 'zod';
import { rowsOf, type Tx } from '../../db/client.js';
import {
  alertHistory,
  alerts,
  alertSubjects,
  chargePoints,
  operators,
  users,
} from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

type Filter = Omit<z.output<typeof AlertListQuery>, 'index' | 'size'>;
export type HistoryAction = typeof alertHistory.$inferInsert.action;

const live = ne(alerts.state, 'resolved');

/* ---------- the evaluator's side ---------- */

export async function liveAlertOf(tx: Tx, ruleId: number, groupKey: string) {
  const [row] = await tx
    .select()
    .from(alerts)
    .where(and(eq(alerts.ruleId, ruleId), eq(alerts.groupKey, groupKey), live));
  return row;
}

/**
 * The operator's chargers offline since `before` or earlier. A charger that never connected is
 * not offline (it was never online), nor an archived or unapproved one.
 */
export function chargersOfflineSince(tx: Tx, operatorId: number, before: Date) {
  return tx
    .select({
      id: chargePoints.id,
      identity: chargePoints.chargePointId,
      since: chargePoints.lastDisconnectedAt,
    })
    .from(chargePoints)
    .where(
      and(
        eq(chargePoints.operatorId, operatorId),
        eq(chargePoints.connected, false),
        isNull(chargePoints.archivedAt),
        eq(chargePoints.registrationStatus, 'accepted'),
        isNotNull(chargePoints.lastConnectedAt),
        lte(chargePoints.lastDisconnectedAt, before),
      ),
    )
    .orderBy(asc(chargePoints.id));
}

/** An alert's chargers with whether each is online now, and since when. */
export function subjectStates(tx: Tx, alertId: number) {
  return tx
    .select({
      chargePointId: alertSubjects.chargePointId,
      since: alertSubjects.since,
      clearedAt: alertSubjects.clearedAt,
      connected: chargePoints.connected,
      lastConnectedAt: chargePoints.lastConnectedAt,
      archived: sql<boolean>`${chargePoints.archivedAt} IS NOT NULL`,
    })
    .from(alertSubjects)
    .innerJoin(chargePoints, eq(chargePoints.id, alertSubjects.chargePointId))
    .where(eq(alertSubjects.alertId, alertId));
}

/** A new alert, unless the group already has one not resolved (answers undefined then). */
export async function insertAlert(
  tx: Tx,
  a: { operatorId: number; ruleId: number; kind: string; groupKey: string; raisedAt: Date },
) {
  const result = await tx.execute(sql`
    INSERT INTO ${alerts} (operator_id, rule_id, kind, group_key, state, raised_at)
    VALUES (${a.operatorId}, ${a.ruleId}, ${a.kind}, ${a.groupKey}, 'open', ${a.raisedAt.toISOString()}::timestamptz)
    ON CONFLICT DO NOTHING
    RETURNING id`);
  return rowsOf<{ id: number }>(result)[0]?.id;
}

/** Chargers joining an alert; one that left it and went down again is back with its new time. */
export async function upsertSubjects(tx: Tx, alertId: number, subjects: { id: number; since: Date }[]) {
  if (subjects.length === 0) return;
  await tx
    .insert(alertSubjects)
    .values(subjects.map((s) => ({ alertId, chargePointId: s.id, since: s.since })))
    .onConflictDoUpdate({
      target: [alertSubjects.alertId, alertSubjects.chargePointId],
      set: { since: sql`excluded.since`, clearedAt: null },
    });
}

export async function clearSubject(tx: Tx, alertId: number, chargePointId: number, at: Date) {
  await tx
    .update(alertSubjects)
    .set({ clearedAt: at })
    .where(and(eq(alertSubjects.alertId, alertId), eq(alertSubjects.chargePointId, chargePointId)));
}

export async function addHistory(
  tx: Tx,
  alertId: number,
  at: Date,
  action: HistoryAction,
  userId: number | null = null,
  comment: string | null = null,
) {
  await tx.insert(alertHistory).values({ alertId, at, action, userId, comment });
}

export function updateAlert(tx: Tx, id: number, change: Partial<typeof alerts.$inferInsert>) {
  return tx.update(alerts).set(change).where(eq(alerts.id, id));
}

/** The OCPP identities and names of an alert's chargers, by when they went down. */
export function subjectChargers(tx: Tx, alertId: number) {
  return tx
    .select({
      chargePointId: chargePoints.chargePointId,
      chargePointName: chargePoints.name,
      since: alertSubjects.since,
      clearedAt: alertSubjects.clearedAt,
    })
    .from(alertSubjects)
    .innerJoin(chargePoints, eq(chargePoints.id, alertSubjects.chargePointId))
    .where(eq(alertSubjects.alertId, alertId))
    .orderBy(asc(alertSubjects.since), asc(chargePoints.chargePointId));
}

/** Users to mail: the ids named, or the operator's own users; active ones, with their language and roles. */
export function mailableUsers(tx: Tx, operatorId: number, ids: number[]) {
  return tx
    .select({ id: users.id, email: users.email, locale: users.locale, roles: users.roles })
    .from(users)
    .where(
      and(
        ids.length > 0 ? inArray(users.id, ids) : eq(users.operatorId, operatorId),
        eq(users.active, true),
        isNull(users.deletedAt),
      ),
    );
}

/* ---------- the API's side ---------- */

const assignee = alias(users, 'assignee');

const COLUMNS = {
  id: alerts.id,
  operatorId: alerts.operatorId,
  operatorName: operators.name,
  operatorPath: operators.path,
  ruleId: alerts.ruleId,
  kind: alerts.kind,
  state: alerts.state,
  raisedAt: alerts.raisedAt,
  acknowledgedAt: alerts.acknowledgedAt,
  acknowledgedBy: alerts.acknowledgedBy,
  assignedTo: alerts.assignedTo,
  assignedToName: sql<string | null>`${assignee.name} || ' ' || ${assignee.surname}`,
  resolvedAt: alerts.resolvedAt,
  resolvedBy: alerts.resolvedBy,
  resolution: alerts.resolution,
  subjectCount: sql<number>`(SELECT count(*)::int FROM ${alertSubjects} s WHERE s.alert_id = ${alerts.id})`,
};

function where(actor: Actor, f: Filter): SQL | undefined {
  return and(
    inScope(actor, operators.path),
    f.state ? eq(alerts.state, f.state) : undefined,
    f.operatorId ? eq(alerts.operatorId, f.operatorId) : undefined,
    f.kind ? eq(alerts.kind, f.kind) : undefined,
    f.chargePointId
      ? sql`EXISTS (SELECT 1 FROM ${alertSubjects} s JOIN ${chargePoints} c ON c.id = s.charge_point_id
                    WHERE s.alert_id = ${alerts.id} AND lower(c.charge_point_id) = lower(${f.chargePointId}))`
      : undefined,
  );
}

const base = (tx: Tx) =>
  tx
    .select(COLUMNS)
    .from(alerts)
    .innerJoin(operators, eq(operators.id, alerts.operatorId))
    .leftJoin(assignee, eq(assignee.id, alerts.assignedTo));

export type AlertRow = Awaited<ReturnType<typeof findAlert>> & {};

export function listAlerts(tx: Tx, actor: Actor, f: Filter, offset: number, limit: number) {
  return base(tx)
    .where(where(actor, f))
    .orderBy(desc(alerts.raisedAt), desc(alerts.id))
    .limit(limit)
    .offset(offset);
}

export async function countAlerts(tx: Tx, actor: Actor, f: Filter) {
  const [row] = await tx
    .select({ n: count() })
    .from(alerts)
    .innerJoin(operators, eq(operators.id, alerts.operatorId))
    .where(where(actor, f));
  return row?.n ?? 0;
}

/** Open and acknowledged alerts in reach, by state. */
export function liveCounts(tx: Tx, actor: Actor) {
  return tx
    .select({ state: alerts.state, n: count() })
    .from(alerts)
    .innerJoin(operators, eq(operators.id, alerts.operatorId))
    .where(and(live, inScope(actor, operators.path)))
    .groupBy(alerts.state);
}

/** One alert in the actor's reach. */
export async function findAlert(tx: Tx, actor: Actor, id: number) {
  const [row] = await base(tx)
    .where(and(eq(alerts.id, id), inScope(actor, operators.path)))
    .limit(1);
  return row;
}

export function historyOf(tx: Tx, alertId: number) {
  return tx
    .select({
      id: alertHistory.id,
      at: alertHistory.at,
      action: alertHistory.action,
      userId: alertHistory.userId,
      userName: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
      comment: alertHistory.comment,
    })
    .from(alertHistory)
    .leftJoin(users, eq(users.id, alertHistory.userId))
    .where(eq(alertHistory.alertId, alertId))
    .orderBy(asc(alertHistory.id));
}

/** Users by id with their operator's path, for checking who may be named (assignee, recipient). */
export function usersWithPath(tx: Tx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: users.id,
      name: sql<string>`${users.name} || ' ' || ${users.surname}`,
      roles: users.roles,
      operatorPath: operators.path,
    })
    .from(users)
    .innerJoin(operators, eq(operators.id, users.operatorId))
    .where(and(inArray(users.id, ids), eq(users.active, true), isNull(users.deletedAt)));
}
