import {
  ChargerMaintenanceQuery,
  Id,
  MAINTENANCE_API,
  MaintenanceLog,
  MaintenanceLogFilter,
  MaintenanceLogUpdate,
  NewMaintenanceLog,
  PageQuery,
  ok,
  page,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import { sendMaintenanceExcel } from './maintenance.excel.js';
import type { MaintenanceService } from './maintenance.service.js';

const tags = ['maintenance'];
const read = { permission: 'logs:read' } as const;
const write = { permission: 'logs:write' } as const;
const byId = z.object({ id: Id });

export function maintenanceRoutes(app: App, { maintenance }: { maintenance: MaintenanceService }) {
  app.get(
    `/${MAINTENANCE_API.list}`,
    {
      config: read,
      schema: {
        tags,
        summary: "One charge point's maintenance log, newest first",
        querystring: ChargerMaintenanceQuery,
        response: { 200: ok(page(MaintenanceLog)) },
      },
    },
    async (request) => {
      const { ChargePointId, index, size } = request.query;
      return { data: await maintenance.forCharger(ctxOf(request), ChargePointId, index, size) };
    },
  );

  app.post(
    `/${MAINTENANCE_API.list}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The maintenance log of the chargers in reach, filtered, newest first',
        querystring: PageQuery,
        body: MaintenanceLogFilter,
        response: { 200: ok(page(MaintenanceLog)) },
      },
    },
    async (request) => ({
      data: await maintenance.list(ctxOf(request), request.body, request.query.index, request.query.size),
    }),
  );

  app.post(
    `/${MAINTENANCE_API.excel}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The filtered maintenance log as .xlsx',
        body: MaintenanceLogFilter.optional(),
      },
    },
    async (request, reply) => {
      const rows = maintenance.all(ctxOf(request), MaintenanceLogFilter.parse(request.body ?? {}));
      return sendMaintenanceExcel(reply, request.locale, rows);
    },
  );

  app.post(
    `/${MAINTENANCE_API.add}`,
    {
      config: write,
      schema: {
        tags,
        summary: "A technician's entry",
        body: NewMaintenanceLog,
        response: { 200: ok(MaintenanceLog) },
      },
    },
    async (request) => ({
      data: await maintenance.add(ctxOf(request), request.body),
      message: translate(request.locale, 'maintenance.created'),
    }),
  );

  app.put(
    `/${MAINTENANCE_API.list}/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: "Changes a technician's entry (automatic entries: 409)",
        params: byId,
        body: MaintenanceLogUpdate,
        response: { 200: ok(MaintenanceLog) },
      },
    },
    async (request) => ({
      data: await maintenance.update(ctxOf(request), request.params.id, request.body),
      message: translate(request.locale, 'maintenance.updated'),
    }),
  );

  app.delete(
    `/${MAINTENANCE_API.list}/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: "Deletes a technician's entry (automatic entries: 409)",
        params: byId,
        response: { 200: ok(z.null()) },
      },
    },
    async (request) => {
      await maintenance.remove(ctxOf(request), request.params.id);
      return { data: null, message: translate(request.locale, 'maintenance.deleted') };
    },
  );
}
