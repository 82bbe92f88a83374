import { API, AuditFilter, AuditLog, Id, PageQuery, ok, page } from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { sendExcel } from '../../lib/excel.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { AuditService } from './audit.query.js';

const tags = ['audit'];
const read = { permission: 'auditLogs:read' } as const;

export function auditRoutes(app: App, { audit }: { audit: AuditService }) {
  app.post(
    `/portal/AuditLogs/GetUserAuditLogsDynamic/:userId`,
    {
      config: read,
      schema: {
        tags,
        params: z.object({ userId: Id }),
        querystring: PageQuery,
        body: AuditFilter,
        response: { 200: ok(page(AuditLog)) },
      },
    },
    async (request) => ({
      data: await audit.page(
        ctxOf(request),
        request.params.userId,
        request.body,
        request.query.index,
        request.query.size,
      ),
    }),
  );

  app.post(
    `/${API.audit.excel}`,
    { config: read, schema: { tags, querystring: z.object({ userId: Id }), body: AuditFilter.optional() } },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const rows = await audit.all(ctx, request.query.userId, AuditFilter.parse(request.body ?? {}));
      const t = (k: Parameters<typeof translate>[1]) => translate(request.locale, k);
      return sendExcel(
        reply,
        `audit-log-user-${request.query.userId}.xlsx`,
        t('sheet.auditLogs'),
        [
          { header: t('col.time'), width: 22, value: (r: AuditLog) => new Date(r.createdAt) },
          { header: t('col.user'), width: 28, value: (r) => r.userEmail },
          { header: t('col.action'), value: (r) => r.action },
          { header: t('col.entity'), value: (r) => r.entity },
          { header: t('col.entityId'), value: (r) => r.entityId },
          { header: t('col.summary'), width: 60, value: (r) => JSON.stringify(r.summary) },
          { header: t('col.ip'), value: (r) => r.ip },
        ],
        rows,
      );
    },
  );
}
