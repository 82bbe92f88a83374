import {
  BULK_API,
  BulkResult,
  CardBulkBody,
  ChargePointBulkBody,
  ChargePointBulkCommandBody,
  ConnectorBulkBody,
  DriverBulkBody,
  SessionBulkBody,
  ok,
  permissionsForCommand,
  type BulkCommand,
} from '@voltline/contract';
import type { App } from '../../lib/app-type.js';
import { ctxOf } from '../../lib/request.js';
import type { BulkService } from './bulk.service.js';

const tags = ['bulk'];
const response = { 200: ok(BulkResult) };

/** What a bulk command needs, by its body, as the same command sent to one charger needs. */
function commandNeeds(body: Record<string, unknown>) {
  const command = body.command as BulkCommand | undefined;
  if (
    typeof command !== 'string' ||
    !['reset', 'changeAvailability', 'triggerMessage', 'changeConfiguration'].includes(command)
  ) {
    return [];
  }
  const params =
    body.params && typeof body.params === 'object' ? (body.params as Record<string, unknown>) : {};
  return permissionsForCommand(command, params);
}

export function bulkRoutes(app: App, { bulk }: { bulk: BulkService }) {
  app.post(
    `/${BULK_API.chargePointCommands}`,
    {
      config: { permission: 'commands:write', bodyNeeds: commandNeeds },
      schema: {
        tags,
        summary: 'Send one command to many charge points (10 at a time); what each answered',
        body: ChargePointBulkCommandBody,
        response,
      },
    },
    async (request) => ({ data: await bulk.chargePointCommand(ctxOf(request), request.body) }),
  );

  app.post(
    `/${BULK_API.chargePoints}`,
    {
      config: { permission: 'chargePoints:write' },
      schema: {
        tags,
        summary: 'Archive, restore, set the tariff of or group many charge points; what became of each',
        body: ChargePointBulkBody,
        response,
      },
    },
    async (request) => ({ data: await bulk.chargePoints(ctxOf(request), request.body) }),
  );

  app.post(
    `/${BULK_API.drivers}`,
    {
      config: { permission: 'drivers:write' },
      schema: {
        tags,
        summary: 'Archive, block or activate many drivers; what became of each',
        body: DriverBulkBody,
        response,
      },
    },
    async (request) => ({ data: await bulk.drivers(ctxOf(request), request.body) }),
  );

  app.post(
    `/${BULK_API.cards}`,
    {
      config: { permission: 'drivers:write' },
      schema: {
        tags,
        summary: "Block, unblock, archive or restore many drivers' RFID cards; what became of each",
        body: CardBulkBody,
        response,
      },
    },
    async (request) => ({ data: await bulk.cards(ctxOf(request), request.body) }),
  );

  app.post(
    `/${BULK_API.connectors}`,
    {
      // Availability is a remote command to each charger: who may not send commands may not ask it.
      config: {
        permission: 'chargePoints:write',
        bodyNeeds: (body) =>
          body.action === 'operative' || body.action === 'inoperative'
            ? ['commands:write', ...permissionsForCommand('changeAvailability', {})]
            : [],
      },
      schema: {
        tags,
        summary: 'Make many connectors available or unavailable, archive, restore or set their tariff',
        body: ConnectorBulkBody,
        response,
      },
    },
    async (request) => ({ data: await bulk.connectors(ctxOf(request), request.body) }),
  );

  app.post(
    `/${BULK_API.sessions}`,
    {
      config: { permission: 'sessions:write' },
      schema: {
        tags,
        summary: 'Close many sessions whose chargers never stopped them; what became of each',
        body: SessionBulkBody,
        response,
      },
    },
    async (request) => ({ data: await bulk.sessions(ctxOf(request), request.body) }),
  );
}
