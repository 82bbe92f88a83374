import { API, Analytics, AnalyticsQuery, MapPoint, MapQuery, ok } from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../app.js';
import { ctxOf } from '../../plugins/auth.js';
import { AnalyticsService } from './analytics.service.js';

export function analyticsRoutes(app: App) {
  const service = new AnalyticsService(app);
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
