import type { EventFeedPage, EventFeedQuery } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/context.js';
import { formatCursor, parseCursor } from './commit-order.js';
import { eventsAfter } from './feed.repository.js';
import { publicEvent } from './public-event.js';

/** The pull feed (`GET /api/events`): the events webhooks deliver, for systems that prefer to ask. */
export class EventFeedService {
  constructor(private readonly db: Db) {}

  /** The events after the cursor; `next` is the cursor for the following pull (the same when none). */
  async page(actor: Actor, q: EventFeedQuery): Promise<EventFeedPage> {
    const rows = await eventsAfter(this.db, actor, {
      after: q.after === undefined ? { tx: '0', id: 0 } : parseCursor(q.after),
      limit: q.limit,
      types: q.type,
    });
    const last = rows.at(-1);
    return {
      events: rows.map(publicEvent),
      next: last ? formatCursor({ tx: last.txId, id: last.id }) : (q.after ?? null),
    };
  }
}
