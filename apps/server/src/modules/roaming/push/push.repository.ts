import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { integrationEvents, operators, roamingPartners } from '../../../db/schema/index.js';
import { afterCursor, commitOrder, cursorNow, settled, type EventCursor } from '../../events/commit-order.js';
import type { PartnerRow } from '../roaming.repository.js';

/** The events that change what a partner sees of an EVSE's status. */
export const STATUS_EVENTS = ['charger.status_changed', 'charger.connected', 'charger.disconnected'] as const;
/** The events that change what a partner sees of its driver's session (Sessions, CDRs). */
export const SESSION_EVENTS = [
  'session.started',
  'session.updated',
  'session.stopped',
  'session.billed',
] as const;

/** Registered partners whose pushes are due (no retry waiting). */
export function duePartners(tx: Tx, now: Date): Promise<PartnerRow[]> {
  return tx
    .select()
    .from(roamingPartners)
    .where(
      and(
        eq(roamingPartners.state, 'registered'),
        or(isNull(roamingPartners.pushRetryAt), lte(roamingPartners.pushRetryAt, now)),
      ),
    );
}

/** Where a newly registered partner's event cursor starts: what happens from now on. */
export async function startCursor(tx: Tx) {
  const c = await cursorNow(tx);
  return { pushCursor: c.id, pushCursorTx: c.tx };
}

/** A connector whose status may have changed: `connectorId` null is the whole charger. */
export interface StatusRef {
  chargePointId: number;
  connectorId: number | null;
}

/**
 * The status events after the partner's cursor, of charge points under the published operators,
 * folded to the connectors they touch (a push sends the current status, so one per connector),
 * the sessions the session events name (once each: a push sends the session as it is now, so a
 * session metered many times in a round is sent once), with the cursor after the last event read.
 */
export async function statusChanges(
  tx: Tx,
  partner: PartnerRow,
  paths: string[],
  limit: number,
): Promise<{ refs: StatusRef[]; sessionIds: number[]; cursor: EventCursor | null; more: boolean }> {
  const cursor: EventCursor = { tx: partner.pushCursorTx, id: partner.pushCursor };
  const rows = await tx
    .select({
      id: integrationEvents.id,
      txId: integrationEvents.txId,
      type: integrationEvents.type,
      chargePointId: integrationEvents.chargePointId,
      data: integrationEvents.data,
      path: operators.path,
    })
    .from(integrationEvents)
    .innerJoin(operators, eq(operators.id, integrationEvents.operatorId))
    .where(and(afterCursor(cursor), settled))
    .orderBy(...commitOrder)
    .limit(limit);
  const last = rows.at(-1);
  const seen = new Map<string, StatusRef>();
  const sessionIds = new Set<number>();
  for (const r of rows) {
    if ((SESSION_EVENTS as readonly string[]).includes(r.type) && Number.isInteger(r.data.sessionId)) {
      sessionIds.add(Number(r.data.sessionId));
      continue;
    }
    if (!(STATUS_EVENTS as readonly string[]).includes(r.type) || r.chargePointId === null) continue;
    if (!paths.some((p) => r.path.startsWith(p))) continue;
    const connector = r.type === 'charger.status_changed' ? Number(r.data.connectorId) : 0;
    const ref = { chargePointId: r.chargePointId, connectorId: connector > 0 ? connector : null };
    seen.set(`${ref.chargePointId}:${ref.connectorId ?? '*'}`, ref);
  }
  return {
    refs: [...seen.values()],
    sessionIds: [...sessionIds],
    cursor: last ? { tx: last.txId, id: last.id } : null,
    more: rows.length === limit,
  };
}

/** The materialised paths of the operators published to a partner (each covers its subtree). */
export async function publishedPaths(tx: Tx, partner: PartnerRow): Promise<string[]> {
  if (partner.publishedOperatorIds.length === 0) return [];
  const rows = await tx
    .select({ path: operators.path })
    .from(operators)
    .where(inArray(operators.id, partner.publishedOperatorIds));
  return rows.map((r) => r.path);
}

/** A pass's outcome for the partner: marks moved on success, a retry with back-off on failure. */
export async function recordPushSuccess(
  tx: Tx,
  id: number,
  patch: Partial<typeof roamingPartners.$inferInsert>,
  /** The last exchange that sent something (a quiet pass keeps the one before). */
  lastSuccessAt: Date | null,
) {
  await tx
    .update(roamingPartners)
    .set({ ...patch, pushFailures: 0, pushRetryAt: null, lastSuccessAt })
    .where(eq(roamingPartners.id, id));
}

/** The cursor after a round of status pushes that all went through. */
export async function saveCursor(tx: Tx, id: number, cursor: { pushCursor: number; pushCursorTx: string }) {
  await tx.update(roamingPartners).set(cursor).where(eq(roamingPartners.id, id));
}

export async function recordPushFailure(tx: Tx, id: number, retryAt: Date) {
  await tx
    .update(roamingPartners)
    .set({ pushFailures: sql`${roamingPartners.pushFailures} + 1`, pushRetryAt: retryAt })
    .where(eq(roamingPartners.id, id));
}
