import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { OPEN_DATA_MAX_LIMIT, type OpenDataPage, type OpenDataService } from './open-data.service.js';

/** Where the public routes live, relative to `/api/`. */
export const OPEN_DATA_API = {
  locations: 'public/locations',
  location: (id: string) => `public/locations/${id}`,
  tariffs: 'public/tariffs',
} as const;

const tags = ['open data'];

const DateTime = z.iso.datetime({ offset: true, message: 'openData.badDate' });
const PageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Larger limits are answered with OPEN_DATA_MAX_LIMIT objects (X-Limit says so). */
  limit: z.coerce.number().int().min(1).max(10_000).default(OPEN_DATA_MAX_LIMIT),
  date_from: DateTime.optional(),
  date_to: DateTime.optional(),
});
type PageQuery = z.infer<typeof PageQuery>;

const toQuery = (q: PageQuery) => ({
  offset: q.offset,
  limit: q.limit,
  ...(q.date_from ? { dateFrom: new Date(q.date_from) } : {}),
  ...(q.date_to ? { dateTo: new Date(q.date_to) } : {}),
});

/** The latest `last_updated` of some OCPI objects (null when there are none). */
function lastModified(objects: { last_updated: string }[]): Date | null {
  let max = 0;
  for (const o of objects) max = Math.max(max, Date.parse(o.last_updated));
  return max > 0 ? new Date(max) : null;
}

/**
 * Sends `body` with its ETag (a hash of the body) and Last-Modified; 304 without a body when the
 * client's If-None-Match holds the ETag, or (without If-None-Match) nothing changed since its
 * If-Modified-Since.
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, body: unknown, modified: Date | null) {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  void reply.header('ETag', etag).header('Cache-Control', 'public, max-age=60');
  if (modified) void reply.header('Last-Modified', modified.toUTCString());
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) {
    const tags = noneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
    if (tags.includes(etag) || tags.includes('*')) return reply.code(304).send();
  } else if (modified && request.headers['if-modified-since']) {
    const since = Date.parse(request.headers['if-modified-since']);
    // HTTP dates have whole seconds.
    if (!Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since) {
      return reply.code(304).send();
    }
  }
  return reply.type('application/json; charset=utf-8').send(json);
}

/** OCPI-style paging headers: the total, the limit applied, and the next page's URL. */
function pageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: OpenDataPage<unknown>,
  publicUrl: string,
) {
  void reply.header('X-Total-Count', String(page.total)).header('X-Limit', String(page.limit));
  const next = page.offset + page.items.length;
  if (page.items.length > 0 && next < page.total) {
    const url = new URL(`${publicUrl}${request.url}`);
    url.searchParams.set('offset', String(next));
    url.searchParams.set('limit', String(page.limit));
    void reply.header('Link', `<${url.toString()}>; rel="next"`);
  }
}

/**
 * Open data (EU AFIR Art. 20), unauthenticated and read-only: published charging locations and
 * tariffs as plain JSON in OCPI 2.2.1 shapes (docs/open-data.md).
 */
export function openDataRoutes(app: App, { openData }: { openData: OpenDataService }) {
  // Per address, apart from the API's own limit: open data is read by machines, often.
  const rateLimit = { max: openData.rateLimitPerMinute, timeWindow: '1 minute' };
  const options = { permission: 'public' as const, rateLimit };
  app.get(
    `/${OPEN_DATA_API.locations}`,
    {
      config: options,
      schema: {
        tags,
        summary: 'Published charging locations (OCPI 2.2.1 Location objects), paged',
        security: [],
        querystring: PageQuery,
      },
    },
    async (request, reply) => {
      const page = await openData.locations(toQuery(request.query));
      pageHeaders(request, reply, page, openData.publicUrl);
      return sendCached(request, reply, page.items, lastModified(page.items));
    },
  );

  app.get(
    `/${OPEN_DATA_API.location(':id')}`,
    {
      config: options,
      schema: {
        tags,
        summary: 'One published charging location (an OCPI 2.2.1 Location object)',
        security: [],
        params: z.object({ id: z.string().max(36) }),
      },
    },
    async (request, reply) => {
      const location = await openData.location(request.params.id);
      return sendCached(request, reply, location, new Date(location.last_updated));
    },
  );

  app.get(
    `/${OPEN_DATA_API.tariffs}`,
    {
      config: options,
      schema: {
        tags,
        summary: 'Tariffs of the published locations (OCPI 2.2.1 Tariff objects), paged',
        security: [],
        querystring: PageQuery,
      },
    },
    async (request, reply) => {
      const page = await openData.tariffs(toQuery(request.query));
      pageHeaders(request, reply, page, openData.publicUrl);
      return sendCached(request, reply, page.items, lastModified(page.items));
    },
  );
}
