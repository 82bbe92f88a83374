import type { Tx } from '../../db/client.js';
import { integrationEvents } from '../../db/schema/index.js';

/** An event as a change records it: its shape's version defaults to 1. */
export interface NewEvent {
  operatorId: number;
  type: string;
  version?: number;
  chargePointId?: number | null;
  subject?: string | number | null;
  data: Record<string, unknown>;
  occurredAt?: Date;
}

export type EventRow = typeof integrationEvents.$inferSelect;

/**
 * Records an event in the caller's transaction: pass the transaction of the change itself, so the
 * event exists exactly when the change does.
 */
export async function appendEvent(tx: Tx, event: NewEvent): Promise<number> {
  const [row] = await tx
    .insert(integrationEvents)
    .values({
      operatorId: event.operatorId,
      type: event.type,
      version: event.version ?? 1,
      chargePointId: event.chargePointId ?? null,
      subject: event.subject === undefined || event.subject === null ? null : String(event.subject),
      data: event.data,
      occurredAt: event.occurredAt ?? new Date(),
    })
    .returning({ id: integrationEvents.id });
  return row!.id;
}
