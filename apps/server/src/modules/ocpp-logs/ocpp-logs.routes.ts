import { API, OcppLogEntry, OcppLogPair, OcppLogQuery, ok, page } from '@voltline/contract';
import type { App } from '../../app.js';
import { ctxOf } from '../../plugins/auth.js';
import { answersTo, isCall, pageLogs, type OcppLogRow } from './ocpp-logs.repository.js';

function toEntry(r: OcppLogRow): OcppLogEntry {
  return {
    id: r.id,
    chargePointId: r.chargePointId,
    direction: r.direction as OcppLogEntry['direction'],
    messageType: r.messageType as OcppLogEntry['messageType'],
    messageId: r.messageId,
    action: r.action,
    payload: r.payload,
    at: r.at.toISOString(),
    responseTimeMs: r.responseTimeMs,
  };
}

export function ocppLogRoutes(app: App) {
  const config = { permission: 'logs:read' } as const;
  const tags = ['ocpp-logs'];

  app.get(
    `/${API.ocppLogs.list}`,
    { config, schema: { tags, querystring: OcppLogQuery, response: { 200: ok(page(OcppLogEntry)) } } },
    async (request) => {
      const q = request.query;
      const { items, total } = await pageLogs(app.db, ctxOf(request).actor, q);
      return { data: { items: items.map(toEntry), total, index: q.index, size: q.size } };
    },
  );

  app.get(
    `/${API.ocppLogs.pairs}`,
    { config, schema: { tags, querystring: OcppLogQuery, response: { 200: ok(page(OcppLogPair)) } } },
    async (request) => {
      const q = request.query;
      const { items, total } = await pageLogs(app.db, ctxOf(request).actor, q, isCall);
      const answers = await answersTo(app.db, items);
      const byKey = new Map(answers.map((a) => [`${a.chargePointId}\u0000${a.messageId}`, a]));
      const pairs = items.map((c) => {
        const answer = byKey.get(`${c.chargePointId}\u0000${c.messageId}`);
        return { request: toEntry(c), response: answer ? toEntry(answer) : null };
      });
      return { data: { items: pairs, total, index: q.index, size: q.size } };
    },
  );
}
