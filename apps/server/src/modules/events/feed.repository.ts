import { and, asc, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { integrationEvents, operators } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';
import type { EventRow } from './events.repository.js';

/**
 * Events of the operators in the actor's reach, after the cursor, in id order, recorded at least
 * `horizonMs` ago: an id is taken at the insert but seen at the commit, so a younger event may
 * still be joined by a smaller id committing late; waiting out the horizon keeps the cursor from
 * passing it (docs/events.md).
 */
export async function eventsAfter(
  db: Db,
  actor: Actor,
  q: { after: number; limit: number; types?: readonly string[] | undefined; horizonMs: number },
): Promise<EventRow[]> {
  const rows = await db
    .select({ event: integrationEvents })
    .from(integrationEvents)
    .innerJoin(operators, sql`${operators.id} = ${integrationEvents.operatorId}`)
    .where(
      and(
        gt(integrationEvents.id, q.after),
        lte(integrationEvents.occurredAt, sql`now() - make_interval(secs => ${q.horizonMs / 1000})`),
        q.types ? inArray(integrationEvents.type, [...q.types]) : undefined,
        inScope(actor, operators.path),
      ),
    )
    .orderBy(asc(integrationEvents.id))
    .limit(q.limit);
  return rows.map((r) => r.event);
}
