import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { integrationEvents, operators } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';
import { afterCursor, commitOrder, settled, type EventCursor } from './commit-order.js';
import type { EventRow } from './events.repository.js';

/**
 * Events of the operators in the actor's reach, after the cursor, in commit order (commit-order.ts):
 * only settled ones, so the cursor never passes an event whose transaction commits late. `{ id }`
 * is an old numeric cursor: the events with a larger id.
 */
export async function eventsAfter(
  db: Db,
  actor: Actor,
  q: { after: EventCursor | { id: number }; limit: number; types?: readonly string[] | undefined },
): Promise<EventRow[]> {
  const rows = await db
    .select({ event: integrationEvents })
    .from(integrationEvents)
    .innerJoin(operators, sql`${operators.id} = ${integrationEvents.operatorId}`)
    .where(
      and(
        'tx' in q.after ? afterCursor(q.after) : gt(integrationEvents.id, q.after.id),
        settled,
        q.types ? inArray(integrationEvents.type, [...q.types]) : undefined,
        inScope(actor, operators.path),
      ),
    )
    .orderBy(...commitOrder)
    .limit(q.limit);
  return rows.map((r) => r.event);
}
