import {
  API,
  AuditFilter,
  AuditLog,
  AuditLogFilter,
  AuditUser,
  AuditUserQuery,
  Id,
  PageQuery,
  ok,
  page,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { ctxOf } from '../../lib/request.js';
import { sendAuditExcel } from './audit.excel.js';
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
      data: await audit.userPage(
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
      const { userId } = request.query;
      const rows = await audit.userAll(ctxOf(request), userId, AuditFilter.parse(request.body ?? {}));
      return sendAuditExcel(reply, request.locale, `audit-log-user-${userId}.xlsx`, rows);
    },
  );

  app.post(
    `/${API.audit.list}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The audit log of the network in reach, newest first',
        querystring: PageQuery,
        body: AuditLogFilter,
        response: { 200: ok(page(AuditLog)) },
      },
    },
    async (request) => ({
      data: await audit.list(ctxOf(request), request.body, request.query.index, request.query.size),
    }),
  );

  app.post(
    `/${API.audit.listExcel}`,
    { config: read, schema: { tags, body: AuditLogFilter.optional() } },
    async (request, reply) => {
      const rows = audit.all(ctxOf(request), AuditLogFilter.parse(request.body ?? {}));
      return sendAuditExcel(reply, request.locale, 'audit-log.xlsx', rows);
    },
  );

  app.get(
    `/${API.audit.users}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Portal users in reach, for the audit log’s user filter',
        querystring: AuditUserQuery,
        response: { 200: ok(z.array(AuditUser)) },
      },
    },
    async (request) => ({ data: await audit.users(ctxOf(request), request.query) }),
  );
}
