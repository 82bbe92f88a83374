import {
  API,
  DiagnosticsListQuery,
  DiagnosticsRequest,
  DiagnosticsRetention,
  Id,
  ok,
  page,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { ctxOf } from '../../lib/request.js';
import { contentDisposition } from '../files/files.routes.js';
import type { DiagnosticsService } from './diagnostics.service.js';

const tags = ['diagnostics'];

export function diagnosticsRoutes(app: App, { diagnostics }: { diagnostics: DiagnosticsService }) {
  const listSchema = {
    tags,
    summary: 'Diagnostics requests and the files chargers uploaded, newest first',
    response: { 200: ok(page(DiagnosticsRequest)) },
  };
  app.get(
    `/${API.diagnostics.list}`,
    {
      config: { permission: 'logs:read' },
      schema: { ...listSchema, querystring: DiagnosticsListQuery },
    },
    async (request) => ({ data: await diagnostics.list(ctxOf(request), request.query) }),
  );
  app.post(
    `/${API.diagnostics.list}`,
    {
      config: { permission: 'logs:read' },
      schema: { ...listSchema, body: DiagnosticsListQuery },
    },
    async (request) => ({ data: await diagnostics.list(ctxOf(request), request.body) }),
  );

  app.get(
    `/${API.diagnostics.download(':id')}`,
    {
      config: { permission: 'logs:read' },
      schema: {
        tags,
        summary: 'Download the diagnostics file a charger uploaded for a request (an attachment)',
        params: z.object({ id: Id }),
      },
    },
    async (request, reply) => {
      const file = await diagnostics.download(ctxOf(request), request.params.id);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', contentDisposition(file.name))
        .header('content-length', file.size)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );

  app.get(
    `/${API.diagnostics.retention}`,
    {
      config: { permission: 'logs:read' },
      schema: {
        tags,
        summary: 'How many days diagnostics files are kept',
        response: { 200: ok(DiagnosticsRetention) },
      },
    },
    async () => ({ data: await diagnostics.retention() }),
  );
  app.put(
    `/${API.diagnostics.retention}`,
    {
      // Installation-wide: only Admin, not every holder of logs:write (see the role table).
      config: { permission: 'installation:write' },
      schema: {
        tags,
        summary:
          'Change how many days diagnostics files are kept (1 to 3650, the whole installation; Admin only: installation:write)',
        body: DiagnosticsRetention,
        response: { 200: ok(DiagnosticsRetention) },
      },
    },
    async (request) => ({ data: await diagnostics.setRetention(ctxOf(request), request.body) }),
  );
}
