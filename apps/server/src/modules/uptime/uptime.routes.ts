import {
  ChargePointUptime,
  Id,
  NewUptimeExclusion,
  UPTIME_API,
  UptimeExclusion,
  UptimeRangeQuery,
  UptimeReport,
  UptimeReportQuery,
  ok,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import { sendUptimeExcel } from './uptime.excel.js';
import { uptimePdf } from './uptime.pdf.js';
import type { UptimeService } from './uptime.service.js';

const tags = ['uptime'];
const report = { permission: 'dashboards:read' } as const;
const read = { permission: 'chargePoints:read' } as const;
const write = { permission: 'chargePoints:write' } as const;
const byId = z.object({ id: Id });

/** Uptime as regulators count it: the monthly report, a charge point's figures, excluded downtime. */
export function uptimeRoutes(app: App, { uptime }: { uptime: UptimeService }) {
  app.get(
    `/${UPTIME_API.report}`,
    {
      config: report,
      schema: {
        tags,
        summary: "An operator's month: uptime per connector by 23 CFR 680.116(b), with the total",
        querystring: UptimeReportQuery,
        response: { 200: ok(UptimeReport) },
      },
    },
    async (request) => ({ data: await uptime.report(ctxOf(request), request.query) }),
  );

  app.get(
    `/${UPTIME_API.excel}`,
    {
      config: report,
      schema: { tags, summary: 'The monthly uptime report as .xlsx', querystring: UptimeReportQuery },
    },
    async (request, reply) =>
      sendUptimeExcel(reply, request.locale, await uptime.report(ctxOf(request), request.query)),
  );

  app.get(
    `/${UPTIME_API.pdf}`,
    {
      config: report,
      schema: { tags, summary: 'The monthly uptime report as PDF', querystring: UptimeReportQuery },
    },
    async (request, reply) => {
      const file = await uptimePdf(await uptime.report(ctxOf(request), request.query), request.locale);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.pdf);
    },
  );

  app.get(
    `/${UPTIME_API.chargePoint(':id')}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'A charge point and its connectors over any span',
        params: byId,
        querystring: UptimeRangeQuery,
        response: { 200: ok(ChargePointUptime) },
      },
    },
    async (request) => ({
      data: await uptime.chargePoint(ctxOf(request), request.params.id, request.query),
    }),
  );

  app.get(
    `/${UPTIME_API.exclusions(':id')}`,
    {
      config: read,
      schema: {
        tags,
        summary: "The charge point's excluded downtime, oldest first",
        params: byId,
        response: { 200: ok(z.array(UptimeExclusion)) },
      },
    },
    async (request) => ({ data: await uptime.exclusions(ctxOf(request), request.params.id) }),
  );

  app.post(
    `/${UPTIME_API.exclusions(':id')}`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Excludes downtime of the charge point or one connector, with the reason (audited)',
        params: byId,
        body: NewUptimeExclusion,
        response: { 200: ok(UptimeExclusion) },
      },
    },
    async (request) => ({
      data: await uptime.addExclusion(ctxOf(request), request.params.id, request.body),
      message: translate(request.locale, 'uptime.created'),
    }),
  );

  app.delete(
    `/${UPTIME_API.exclusion(':id')}`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Deletes excluded downtime (audited)',
        params: byId,
        response: { 200: ok(z.null()) },
      },
    },
    async (request) => {
      await uptime.removeExclusion(ctxOf(request), request.params.id);
      return { data: null, message: translate(request.locale, 'uptime.deleted') };
    },
  );
}
