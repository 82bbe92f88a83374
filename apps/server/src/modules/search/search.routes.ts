import { API, SearchQuery, SearchResult, ok } from '@voltline/contract';
import type { App } from '../../lib/app-type.js';
import { ctxOf } from '../../lib/request.js';
import type { SearchService } from './search.service.js';

export function searchRoutes(app: App, { search }: { search: SearchService }) {
  app.get(
    `/${API.search}`,
    {
      // Every signed-in user may search; each kind of record answers only to its read permission.
      config: { permission: 'signedIn' },
      schema: {
        tags: ['search'],
        summary: 'Charge points, drivers, cards, users, sessions and operators matching the text',
        querystring: SearchQuery,
        response: { 200: ok(SearchResult) },
      },
    },
    async (request) => ({ data: await search.search(ctxOf(request), request.query.q) }),
  );
}
