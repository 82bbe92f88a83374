import {
  API,
  ChargePointAnalytics,
  ChargePointAnalyticsQuery,
  ChargingProfile,
  ConnectionEvent,
  DeviceEvent,
  DeviceEventQuery,
  FaultPeriod,
  Id,
  PageQuery,
  ok,
  page,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { ctxOf } from '../../lib/request.js';
import type { ChargePointInsights } from './insights.service.js';

const tags = ['charge-points'];
const read = { permission: 'chargePoints:read' } as const;
const IdParams = z.object({ id: Id });

/** Read-only views of one charge point: connections, faults, device events, analytics, profiles. */
export function chargePointInsightRoutes(app: App, { insights }: { insights: ChargePointInsights }) {
  app.get(
    `/portal/ChargePoint/:id/connections`,
    {
      config: read,
      schema: {
        tags,
        params: IdParams,
        querystring: PageQuery,
        response: { 200: ok(page(ConnectionEvent)) },
      },
    },
    async (request) => ({
      data: await insights.connections(
        ctxOf(request),
        request.params.id,
        request.query.index,
        request.query.size,
      ),
    }),
  );

  app.get(
    `/portal/ChargePoint/:id/faults`,
    {
      config: read,
      schema: {
        tags,
        summary: "The charge point's faults per connector, newest first",
        params: IdParams,
        querystring: PageQuery,
        response: { 200: ok(page(FaultPeriod)) },
      },
    },
    async (request) => ({
      data: await insights.faults(ctxOf(request), request.params.id, request.query.index, request.query.size),
    }),
  );

  app.get(
    `/portal/ChargePoint/:id/events`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The events its device model reported (OCPP 2.0.1 NotifyEvent), newest first',
        params: IdParams,
        querystring: DeviceEventQuery,
        response: { 200: ok(page(DeviceEvent)) },
      },
    },
    async (request) => ({ data: await insights.events(ctxOf(request), request.params.id, request.query) }),
  );

  app.get(
    `/${API.chargePoints.analytics}`,
    {
      config: read,
      schema: { tags, querystring: ChargePointAnalyticsQuery, response: { 200: ok(ChargePointAnalytics) } },
    },
    async (request) => ({ data: await insights.analytics(ctxOf(request), request.query) }),
  );

  app.get(
    `/portal/Profile/:id`,
    {
      config: read,
      schema: {
        tags,
        params: z.object({ id: z.string().min(1).max(48) }),
        response: { 200: ok(z.array(ChargingProfile)) },
      },
    },
    async (request) => ({ data: await insights.profiles(ctxOf(request), request.params.id) }),
  );
}
