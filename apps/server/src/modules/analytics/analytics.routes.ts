import { API, Analytics, AnalyticsQuery, MapPoint, MapQuery, ok } from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { ctxOf } from '../../lib/request.js';
import type { AnalyticsService } from './analytics.service.js';

export function analyticsRoutes(app: App, { analytics: service }: { analytics: AnalyticsService }) {
  const config = { permission: 'dashboards:read' } as const;
  const tags = ['analytics'];

  app.get(
    `/${API.analytics.dashboard}`,
    { config, schema: { tags, querystring: AnalyticsQuery, response: { 200: ok(Analytics) } } },
    async (request) => ({ data: await service.dashboard(ctxOf(request), request.query) }),
  );

  app.get(
    `/${API.analytics.map}`,
    { config, schema: { tags, querystring: MapQuery, response: { 200: ok(z.array(MapPoint)) } } },
    async (request) => ({ data: await service.map(ctxOf(request), request.query) }),
  );
}
