import type { EventRow } from './events.repository.js';

/**
 * An event as other systems receive it: the same JSON in a webhook's body and in the pull feed
 * (`GET /api/events`). `id` is a string (it is a 64-bit counter); `data` is the event type's own
 * versioned shape.
 */
export interface PublicEvent {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  operatorId: number;
  data: Record<string, unknown>;
}

export function publicEvent(row: EventRow): PublicEvent {
  return {
    id: String(row.id),
    type: row.type,
    version: row.version,
    occurredAt: row.occurredAt.toISOString(),
    operatorId: row.operatorId,
    data: row.data,
  };
}
