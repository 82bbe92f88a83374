import {
  API,
  Connector,
  ConnectorQuery,
  ConnectorStatusCount,
  CreateConnectorBody,
  Id,
  UpdateConnectorBody,
  ok,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { ConnectorsService } from './connectors.service.js';

const tags = ['connectors'];
const read = { permission: 'chargePoints:read' } as const;
const write = { permission: 'chargePoints:write' } as const;
const IdBody = z.object({ id: Id });

export function connectorRoutes(app: App, { connectors: service }: { connectors: ConnectorsService }) {
  app.get(
    `/${API.connectors.base}`,
    {
      config: read,
      schema: {
        tags,
        summary:
          'One connector (?connectorId=) or the connectors of a charge point (?chargePointId= its id such as CP-001, or ?chargePointDbId= its number)',
        querystring: ConnectorQuery,
        response: { 200: ok(z.union([Connector, z.array(Connector)])) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const { connectorId, chargePointId, chargePointDbId } = request.query;
      if (connectorId !== undefined) return { data: await service.byId(ctx, connectorId) };
      return { data: await service.ofChargePoint(ctx, chargePointDbId ?? chargePointId ?? '') };
    },
  );

  app.post(
    `/${API.connectors.base}`,
    { config: write, schema: { tags, body: CreateConnectorBody, response: { 200: ok(Connector) } } },
    async (request) => ({
      data: await service.create(ctxOf(request), request.body),
      message: translate(request.locale, 'connector.created'),
    }),
  );

  app.put(
    `/${API.connectors.base}`,
    { config: write, schema: { tags, body: UpdateConnectorBody, response: { 200: ok(Connector) } } },
    async (request) => ({
      data: await service.update(ctxOf(request), request.body),
      message: translate(request.locale, 'connector.updated'),
    }),
  );

  app.delete(
    `/${API.connectors.base}`,
    { config: write, schema: { tags, querystring: z.object({ id: Id }), response: { 200: ok(z.null()) } } },
    async (request) => {
      await service.remove(ctxOf(request), request.query.id);
      return { data: null, message: translate(request.locale, 'connector.deleted') };
    },
  );

  for (const [path, archived] of [
    [API.connectors.archive, true],
    [API.connectors.unarchive, false],
  ] as const) {
    app.put(
      `/${path}`,
      { config: write, schema: { tags, body: IdBody, response: { 200: ok(Connector) } } },
      async (request) => ({
        data: await service.setArchived(ctxOf(request), request.body.id, archived),
        message: translate(request.locale, archived ? 'connector.archived' : 'connector.unarchived'),
      }),
    );
  }

  app.get(
    `/${API.connectors.analytics}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Live connectors in reach by status',
        querystring: z.object({ operatorId: z.coerce.number().int().positive().optional() }),
        response: { 200: ok(z.array(ConnectorStatusCount)) },
      },
    },
    async (request) => ({ data: await service.countByStatus(ctxOf(request), request.query.operatorId) }),
  );
}
