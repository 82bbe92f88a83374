import type { EventFeedPage, EventFeedQuery } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/context.js';
import { eventsAfter } from './feed.repository.js';
import { publicEvent } from './public-event.js';

/** How long an event waits before the feed shows it, ms (EVENTS_FEED_DELAY_MS). */
export const DEFAULT_FEED_DELAY_MS = 2_000;

/** The pull feed (`GET /api/events`): the events webhooks deliver, for systems that prefer to ask. */
export class EventFeedService {
  constructor(
    private readonly db: Db,
    private readonly delayMs: number = DEFAULT_FEED_DELAY_MS,
  ) {}

  /** The events after the cursor; `next` is the cursor for the following pull (the same when none). */
  async page(actor: Actor, q: EventFeedQuery): Promise<EventFeedPage> {
    const rows = await eventsAfter(this.db, actor, {
      after: q.after === undefined ? 0 : Number(q.after),
      limit: q.limit,
      types: q.type,
      horizonMs: this.delayMs,
    });
    const last = rows.at(-1);
    return { events: rows.map(publicEvent), next: last ? String(last.id) : (q.after ?? null) };
  }
}
