import { API, OcppLogEntry, OcppLogPair, OcppLogQuery, ok, page } from '@voltline/contract';
import type { App } from '../../lib/app-type.js';
import { ctxOf } from '../../lib/request.js';
import type { OcppLogsService } from './ocpp-logs.service.js';

export function ocppLogRoutes(app: App, { ocppLogs }: { ocppLogs: OcppLogsService }) {
  const config = { permission: 'logs:read' } as const;
  const tags = ['ocpp-logs'];

  app.get(
    `/${API.ocppLogs.list}`,
    { config, schema: { tags, querystring: OcppLogQuery, response: { 200: ok(page(OcppLogEntry)) } } },
    async (request) => ({ data: await ocppLogs.page(ctxOf(request).actor, request.query) }),
  );

  app.get(
    `/${API.ocppLogs.pairs}`,
    { config, schema: { tags, querystring: OcppLogQuery, response: { 200: ok(page(OcppLogPair)) } } },
    async (request) => ({ data: await ocppLogs.pairs(ctxOf(request).actor, request.query) }),
  );
}
