import { and, asc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Ocpp201 } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { storableTime } from '../../lib/storable-time.js';
import {
  chargingSessions,
  connectors,
  displayMessageReports,
  displayMessages,
} from '../../db/schema/index.js';

export type MessageInfo = Ocpp201.SetDisplayMessageRequest['message'];
export type MessageRow = typeof displayMessages.$inferSelect;
/** GetDisplayMessages' criteria (O04); none given asks for every message (O03). */
export interface Criteria {
  id?: number[] | undefined;
  priority?: string | undefined;
  state?: string | undefined;
}

/** A time the charger gave, or none when the database could not hold it. */
function time(text: string | undefined): Date | null {
  return storableTime(text);
}

function rowOf(chargePointId: number, m: MessageInfo, source: 'set' | 'report') {
  return {
    chargePointId,
    messageId: m.id,
    priority: m.priority,
    state: m.state ?? null,
    startDateTime: time(m.startDateTime),
    endDateTime: time(m.endDateTime),
    transactionId: m.transactionId ?? null,
    format: m.message.format,
    language: m.message.language ?? null,
    content: m.message.content,
    display: m.display ? { name: m.display.name, instance: m.display.instance, evse: m.display.evse } : null,
    source,
    updatedAt: new Date(),
  };
}

/**
 * The messages a charger holds now: one whose end has passed, or whose transaction ended, the
 * charger removed (O01).
 */
export function listMessages(tx: Tx, chargePointId: number, now: Date) {
  return tx
    .select()
    .from(displayMessages)
    .where(
      and(
        eq(displayMessages.chargePointId, chargePointId),
        or(isNull(displayMessages.endDateTime), gt(displayMessages.endDateTime, now)),
        // A transaction Voltline has not heard of yet may well run: only a known end removes it.
        or(
          isNull(displayMessages.transactionId),
          sql`not exists (select 1 from ${chargingSessions} where ${chargingSessions.chargePointId} = ${displayMessages.chargePointId}
            and ${chargingSessions.chargerTransactionId} = ${displayMessages.transactionId}
            and ${chargingSessions.stoppedAt} is not null)`,
        ),
      ),
    )
    .orderBy(asc(displayMessages.messageId));
}

/** O01/O06: a message with the id of one held replaces it. */
export async function upsertMessages(
  tx: Tx,
  chargePointId: number,
  messages: MessageInfo[],
  source: 'set' | 'report',
) {
  if (messages.length === 0) return;
  // One row per id: the last word about an id in a report is what the charger holds.
  const byId = new Map(messages.map((m) => [m.id, rowOf(chargePointId, m, source)]));
  const rows = [...byId.values()];
  await tx
    .insert(displayMessages)
    .values(rows)
    .onConflictDoUpdate({
      target: [displayMessages.chargePointId, displayMessages.messageId],
      set: {
        priority: sql`excluded.priority`,
        state: sql`excluded.state`,
        startDateTime: sql`excluded.start_date_time`,
        endDateTime: sql`excluded.end_date_time`,
        transactionId: sql`excluded.transaction_id`,
        format: sql`excluded.format`,
        language: sql`excluded.language`,
        content: sql`excluded.content`,
        display: sql`excluded.display`,
        source: sql`excluded.source`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** Removes the stored messages matching every criterion given (all of them with none). */
export async function deleteMatching(tx: Tx, chargePointId: number, c: Criteria) {
  const where: SQL[] = [eq(displayMessages.chargePointId, chargePointId)];
  if (c.id) where.push(inArray(displayMessages.messageId, c.id));
  if (c.priority) where.push(eq(displayMessages.priority, c.priority));
  if (c.state) where.push(eq(displayMessages.state, c.state));
  await tx.delete(displayMessages).where(and(...where));
}

export async function insertReport(tx: Tx, chargePointId: number, requestId: number, criteria: Criteria) {
  const { id, priority, state } = criteria;
  const kept = { ...(id ? { id } : {}), ...(priority ? { priority } : {}), ...(state ? { state } : {}) };
  await tx.insert(displayMessageReports).values({ chargePointId, requestId, criteria: kept });
}

export async function dropReport(tx: Tx, chargePointId: number, requestId: number) {
  await tx
    .delete(displayMessageReports)
    .where(
      and(
        eq(displayMessageReports.chargePointId, chargePointId),
        eq(displayMessageReports.requestId, requestId),
      ),
    );
}

/** The report's messages so far with this part's added, locked until the transaction ends. */
export async function addToReport(tx: Tx, chargePointId: number, requestId: number, part: MessageInfo[]) {
  const [row] = await tx
    .update(displayMessageReports)
    .set({ messages: sql`${displayMessageReports.messages} || ${JSON.stringify(part)}::jsonb` })
    .where(
      and(
        eq(displayMessageReports.chargePointId, chargePointId),
        eq(displayMessageReports.requestId, requestId),
      ),
    )
    .returning();
  return row ? { criteria: row.criteria, messages: row.messages as MessageInfo[] } : undefined;
}

export type Payload = Record<string, unknown>;

/** The EVSEs of a charger that are in use (a 2.0.1 EVSE is a connector row), in order. */
export async function evsesOf(tx: Tx, chargePointId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: connectors.connectorId })
    .from(connectors)
    .where(and(eq(connectors.chargePointId, chargePointId), isNull(connectors.archivedAt)))
    .orderBy(asc(connectors.connectorId));
  return rows.map((r) => r.id);
}
