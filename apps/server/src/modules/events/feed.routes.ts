import { API, EventFeedPage, EventFeedQuery } from '@voltline/contract';
import type { App } from '../../lib/app-type.js';
import { ctxOf } from '../../lib/request.js';
import type { EventFeedService } from './feed.service.js';

/** `GET /api/events`: the cursor-paged event feed of the operators in the caller's reach. */
export function eventFeedRoutes(app: App, { eventFeed }: { eventFeed: EventFeedService }) {
  app.get(
    `/${API.events.feed}`,
    {
      config: { permission: 'integrations:read' },
      schema: { tags: ['events'], querystring: EventFeedQuery, response: { 200: EventFeedPage } },
    },
    async (request) => eventFeed.page(ctxOf(request).actor, request.query),
  );
}
