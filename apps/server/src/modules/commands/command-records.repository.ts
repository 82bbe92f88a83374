import type { CommandOutcome, CommandRecord } from '@voltline/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { commandRecords, users } from '../../db/schema/index.js';

/** A command about to go to a charger, recorded as `sent` before the first byte leaves. */
export async function insertRecord(
  tx: Tx,
  values: {
    chargePointId: number;
    action: string;
    request: Record<string, unknown>;
    userId: number | null;
    nodeId: string;
  },
): Promise<number> {
  const [row] = await tx.insert(commandRecords).values(values).returning({ id: commandRecords.id });
  if (!row) throw new Error('command record not stored');
  return row.id;
}

/** What became of a command: the charger's answer, or why there is none. */
export async function finishRecord(
  tx: Tx,
  id: number,
  outcome: Exclude<CommandOutcome, 'sent' | 'lost'>,
  detail: { status?: string | null; error?: string | null; answer?: Record<string, unknown> },
) {
  const [row] = await tx
    .update(commandRecords)
    .set({
      outcome,
      status: detail.status ?? null,
      error: detail.error ?? null,
      ...(detail.answer ? { answer: detail.answer } : {}),
      answeredAt: outcome === 'answered' || outcome === 'callError' ? sql`now()` : null,
    })
    .where(eq(commandRecords.id, id))
    .returning({ chargePointId: commandRecords.chargePointId, action: commandRecords.action });
  // `command.answered`, with the charger's identity and operator read by the insert itself.
  if (row) {
    await tx.execute(sql`
      INSERT INTO integration_events (operator_id, type, charge_point_id, subject, data)
      SELECT c.operator_id, 'command.answered', c.id, ${String(id)}, jsonb_build_object(
          'chargePointId', c.charge_point_id, 'commandId', ${id}::int, 'command', ${row.action}::text,
          'outcome', ${outcome}::text, 'status', ${detail.status ?? outcome}::text,
          'answeredAt', to_json(now())#>>'{}')
        FROM charge_points c WHERE c.id = ${row.chargePointId}`);
  }
}

/**
 * Commands this process sent that were still waiting for their answer when it stopped (a crash,
 * a kill): they are lost, since the answer went to a socket that no longer exists.
 */
export async function markLost(tx: Tx, nodeId: string, why: string): Promise<number> {
  const rows = await tx
    .update(commandRecords)
    .set({ outcome: 'lost', error: why })
    .where(and(eq(commandRecords.nodeId, nodeId), eq(commandRecords.outcome, 'sent')))
    .returning({ id: commandRecords.id });
  return rows.length;
}

/** One charge point's commands, newest first. */
export async function pageRecords(
  tx: Tx,
  chargePointId: number,
  offset: number,
  limit: number,
): Promise<{ items: CommandRecord[]; total: number }> {
  const [rows, [all]] = await Promise.all([
    tx
      .select({ r: commandRecords, name: users.name, surname: users.surname })
      .from(commandRecords)
      .leftJoin(users, eq(users.id, commandRecords.userId))
      .where(eq(commandRecords.chargePointId, chargePointId))
      .orderBy(desc(commandRecords.sentAt), desc(commandRecords.id))
      .limit(limit)
      .offset(offset),
    tx.select({ n: count() }).from(commandRecords).where(eq(commandRecords.chargePointId, chargePointId)),
  ]);
  return {
    items: rows.map(({ r, name, surname }) => ({
      id: r.id,
      action: r.action,
      userName: name === null ? null : `${name} ${surname ?? ''}`.trim(),
      request: r.request,
      outcome: r.outcome as CommandOutcome,
      status: r.status,
      error: r.error,
      answer: r.answer,
      sentAt: r.sentAt.toISOString(),
      answeredAt: r.answeredAt?.toISOString() ?? null,
    })),
    total: all?.n ?? 0,
  };
}
