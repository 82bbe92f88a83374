import { API, Id, MeterPoint, PageQuery, Session, SessionFilter, SessionPage, ok } from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../app.js';
import { sendExcel } from '../../lib/excel.js';
import { notFound } from '../../lib/errors.js';
import { translate, type MessageKey } from '../../lib/messages.js';
import { ctxOf } from '../../plugins/auth.js';
import { closeStaleSessions, STALE_STOP_REASON } from './stale.js';
import {
  exportSessions,
  findSession,
  meterSeries,
  pageSessions,
  toSession,
  totals,
} from './sessions.query.js';

const tags = ['sessions'];
const read = { permission: 'sessions:read' } as const;

export function sessionRoutes(app: App) {
  app.post(
    `/${API.sessions.dynamic}`,
    {
      config: read,
      schema: { tags, querystring: PageQuery, body: SessionFilter, response: { 200: ok(SessionPage) } },
    },
    async (request) => {
      const { actor } = ctxOf(request);
      const { index, size } = request.query;
      const [rows, sums] = await Promise.all([
        pageSessions(app.db, actor, request.body, index * size, size),
        totals(app.db, actor, request.body),
      ]);
      return { data: { items: rows.map(toSession), total: sums.sessions, index, size, totals: sums } };
    },
  );

  for (const [path, active] of [
    [API.sessions.excel, false],
    [API.sessions.activeExcel, true],
  ] as const) {
    app.post(`/${path}`, { config: read, schema: { tags, body: SessionFilter } }, (request, reply) => {
      const t = (k: MessageKey) => translate(request.locale, k);
      const filter = active ? { ...request.body, active: true } : request.body;
      return sendExcel(
        reply,
        active ? 'active-sessions.xlsx' : 'sessions.xlsx',
        t('sheet.sessions'),
        [
          { header: t('col.sessionId'), width: 10, value: (s: Session) => s.id },
          { header: t('col.chargePointId'), width: 16, value: (s) => s.chargePointId },
          { header: t('col.connector'), width: 10, value: (s) => s.connectorId },
          { header: t('col.operator'), width: 22, value: (s) => s.operatorName },
          { header: t('col.driver'), width: 22, value: (s) => s.driverName },
          { header: t('col.idTag'), width: 14, value: (s) => s.idTag },
          { header: t('col.start'), width: 20, value: (s) => new Date(s.startedAt) },
          { header: t('col.stop'), width: 20, value: (s) => (s.stoppedAt ? new Date(s.stoppedAt) : null) },
          { header: t('col.duration'), width: 12, value: (s) => Math.round(s.durationSeconds / 60) },
          { header: t('col.energyKwh'), width: 12, value: (s) => s.energyWh / 1000 },
          { header: t('col.cost'), width: 12, value: (s) => (s.cost === null ? null : s.cost / 100) },
          { header: t('col.currency'), width: 10, value: (s) => s.currency },
          { header: t('col.tariff'), width: 20, value: (s) => s.tariff?.name ?? null },
          { header: t('col.state'), width: 12, value: (s) => s.state },
          { header: t('col.stopReason'), width: 16, value: (s) => s.stopReason },
        ],
        exportSessions(app.db, ctxOf(request).actor, filter),
      );
    });
  }

  app.get(
    `/portal/Transaction/:id`,
    { config: read, schema: { tags, params: z.object({ id: Id }), response: { 200: ok(Session) } } },
    async (request) => {
      const row = await findSession(app.db, ctxOf(request).actor, request.params.id);
      if (!row) throw notFound('session');
      return { data: toSession(row) };
    },
  );

  app.get(
    `/portal/Transaction/:id/meterValues`,
    {
      config: read,
      schema: { tags, params: z.object({ id: Id }), response: { 200: ok(z.array(MeterPoint)) } },
    },
    async (request) => {
      const row = await findSession(app.db, ctxOf(request).actor, request.params.id);
      if (!row) throw notFound('session');
      return { data: await meterSeries(app.db, row.s.id) };
    },
  );

  app.get(
    `/${API.sessions.staleRule}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'How sessions without a StopTransaction are closed',
        response: { 200: ok(z.object({ hours: z.number(), stopReason: z.string() })) },
      },
    },
    () => ({ data: { hours: app.config.SESSION_STALE_HOURS, stopReason: STALE_STOP_REASON } }),
  );

  const sweep = () =>
    void closeStaleSessions(app.db, app.config.SESSION_STALE_HOURS).catch((err: unknown) =>
      app.log.error({ err }, 'closing stale sessions failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', () => {
    timer = setInterval(sweep, 600_000);
    timer.unref();
    sweep();
    return Promise.resolve();
  });
  app.addHook('onClose', () => {
    clearInterval(timer);
    return Promise.resolve();
  });
}
