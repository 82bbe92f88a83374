import {
  API,
  CloseSessionBody,
  Id,
  MeterPoint,
  PageQuery,
  ReviewSessionBody,
  Session,
  SessionFilter,
  SessionPage,
  ok,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { sendExcel } from '../../lib/excel.js';
import { translate, type MessageKey } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { SessionsService } from './sessions.service.js';

const tags = ['sessions'];
const read = { permission: 'sessions:read' } as const;

export function sessionRoutes(app: App, { sessions }: { sessions: SessionsService }) {
  app.post(
    `/${API.sessions.dynamic}`,
    {
      config: read,
      schema: { tags, querystring: PageQuery, body: SessionFilter, response: { 200: ok(SessionPage) } },
    },
    async (request) => ({
      data: await sessions.page(ctxOf(request).actor, request.body, request.query.index, request.query.size),
    }),
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
          { header: t('col.roamingPartner'), width: 22, value: (s) => s.roaming?.partnerName ?? null },
          { header: t('col.contractId'), width: 20, value: (s) => s.roaming?.contractId ?? null },
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
        sessions.exportRows(ctxOf(request).actor, filter),
      );
    });
  }

  app.get(
    `/portal/Transaction/:id`,
    { config: read, schema: { tags, params: z.object({ id: Id }), response: { 200: ok(Session) } } },
    async (request) => ({ data: await sessions.get(ctxOf(request).actor, request.params.id) }),
  );

  app.get(
    `/portal/Transaction/:id/meterValues`,
    {
      config: read,
      schema: { tags, params: z.object({ id: Id }), response: { 200: ok(z.array(MeterPoint)) } },
    },
    async (request) => ({ data: await sessions.meterValues(ctxOf(request).actor, request.params.id) }),
  );

  app.post(
    `/portal/Transaction/:id/close`,
    {
      config: { permission: 'sessions:write' },
      schema: {
        tags,
        summary: 'Close a session whose charger never sent StopTransaction, billed at its last reading',
        params: z.object({ id: Id }),
        body: CloseSessionBody,
        response: { 200: ok(Session) },
      },
    },
    async (request) => {
      const { session, billed } = await sessions.close(
        ctxOf(request),
        request.params.id,
        request.body.reason,
      );
      return {
        data: session,
        message: translate(request.locale, billed ? 'session.closed' : 'session.closedRefused'),
      };
    },
  );

  app.post(
    `/portal/Transaction/:id/review`,
    {
      config: { permission: 'sessions:write' },
      schema: {
        tags,
        summary: 'Release or correct a session held for review for impossible readings, and bill it',
        params: z.object({ id: Id }),
        body: ReviewSessionBody,
        response: { 200: ok(Session) },
      },
    },
    async (request) => ({
      data: await sessions.review(ctxOf(request), request.params.id, request.body),
      message: translate(
        request.locale,
        request.body.action === 'release' ? 'session.released' : 'session.corrected',
      ),
    }),
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
    () => ({ data: sessions.staleRule() }),
  );
}
