import {
  CertificateInfo,
  CertificateInspectBody,
  ChargerSecurityEventQuery,
  Id,
  InstalledCertificate,
  PageQuery,
  SECURITY_API,
  SecurityEvent,
  SecurityEventFilter,
  ok,
  page,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { ctxOf } from '../../lib/request.js';
import { sendSecurityEventsExcel } from './security.excel.js';
import type { SecurityService } from './security.service.js';

const tags = ['security'];
const logs = { permission: 'logs:read' } as const;

export function securityRoutes(app: App, { security }: { security: SecurityService }) {
  app.get(
    `/${SECURITY_API.events}`,
    {
      config: logs,
      schema: {
        tags,
        summary: "One charge point's security events, newest first",
        querystring: ChargerSecurityEventQuery,
        response: { 200: ok(page(SecurityEvent)) },
      },
    },
    async (request) => {
      const { ChargePointId, index, size } = request.query;
      return { data: await security.forCharger(ctxOf(request), ChargePointId, index, size) };
    },
  );

  app.post(
    `/${SECURITY_API.events}`,
    {
      config: logs,
      schema: {
        tags,
        summary: 'The security events of the chargers in reach, filtered, newest first',
        querystring: PageQuery,
        body: SecurityEventFilter,
        response: { 200: ok(page(SecurityEvent)) },
      },
    },
    async (request) => ({
      data: await security.list(ctxOf(request), request.body, request.query.index, request.query.size),
    }),
  );

  app.post(
    `/${SECURITY_API.excel}`,
    {
      config: logs,
      schema: {
        tags,
        summary: 'The filtered security events as .xlsx',
        body: SecurityEventFilter.optional(),
      },
    },
    async (request, reply) => {
      const rows = security.all(ctxOf(request), SecurityEventFilter.parse(request.body ?? {}));
      return sendSecurityEventsExcel(reply, request.locale, rows);
    },
  );

  app.get(
    `/${SECURITY_API.certificates(':id')}`,
    {
      config: { permission: 'chargePoints:read' },
      schema: {
        tags,
        summary: 'The root certificates a charge point reported or accepted',
        params: z.object({ id: Id }),
        response: { 200: ok(z.array(InstalledCertificate)) },
      },
    },
    async (request) => ({ data: await security.certificates(ctxOf(request), request.params.id) }),
  );

  app.post(
    `/${SECURITY_API.inspect}`,
    {
      config: { permission: 'chargePoints:write' },
      schema: {
        tags,
        summary: 'Checks a PEM root certificate and computes the hash data a charger will report for it',
        body: CertificateInspectBody,
        response: { 200: ok(CertificateInfo) },
      },
    },
    (request) => Promise.resolve({ data: security.inspect(request.body.certificate) }),
  );
}
