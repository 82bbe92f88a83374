import {
  API,
  ChargePoint,
  ChargePointCredentials,
  ChargePointFilter,
  ChargePointLight,
  CreateChargePointBody,
  SetChargerPasswordBody,
  Id,
  PageQuery,
  UpdateChargePointBody,
  ok,
  page,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { AppError } from '../../lib/errors.js';
import { sendExcel } from '../../lib/excel.js';
import { translate, type MessageKey } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { ChargePointsService } from './charge-points.service.js';
import type { ListKind } from './registry.repository.js';

const tags = ['charge-points'];
const read = { permission: 'chargePoints:read' } as const;
const write = { permission: 'chargePoints:write' } as const;
const IdParams = z.object({ id: Id });

/**
 * The optional body of a password reset: `{ password }` to set a chosen one. Parsed here rather
 * than by a route schema because a reset with no body at all (generate one) must stay valid.
 */
function chosenPassword(body: unknown): string | undefined {
  const parsed = SetChargerPasswordBody.safeParse(body ?? {});
  if (parsed.success) return parsed.data.password;
  const key = parsed.error.issues[0]?.message;
  const messageKey = key === 'chargePoint.passwordCharacters' ? key : 'chargePoint.passwordLength';
  throw new AppError(400, 'error.validation', {}, [{ field: 'body.password', key: messageKey }]);
}

export function chargePointRoutes(
  app: App,
  { chargePoints: service }: { chargePoints: ChargePointsService },
) {
  const lists: [string, ListKind][] = [
    [API.chargePoints.allDynamic, 'all'],
    [API.chargePoints.activeDynamic, 'active'],
    [API.chargePoints.deletedDynamic, 'archived'],
    [API.chargePoints.inactiveDynamic, 'inactive'],
  ];
  for (const [path, kind] of lists) {
    app.post(
      `/${path}`,
      {
        config: read,
        schema: {
          tags,
          querystring: PageQuery,
          body: ChargePointFilter,
          response: { 200: ok(page(ChargePoint)) },
        },
      },
      async (request) => ({
        data: await service.page(ctxOf(request), kind, request.body, request.query.index, request.query.size),
      }),
    );
  }

  app.get(
    `/${API.chargePoints.all}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Live charge points in reach (max 1000)',
        response: { 200: ok(z.array(ChargePoint)) },
      },
    },
    async (request) => ({
      data: (
        await service.page(ctxOf(request), 'all', { ...ChargePointFilter.parse({}) }, 0, 1000)
      ).items.filter((c) => !c.archived),
    }),
  );

  app.get(
    `/${API.chargePoints.lightweight}`,
    { config: read, schema: { tags, response: { 200: ok(z.array(ChargePointLight)) } } },
    async (request) => ({ data: await service.lightweight(ctxOf(request)) }),
  );

  app.post(
    `/${API.chargePoints.excel}`,
    { config: read, schema: { tags, body: ChargePointFilter } },
    (request, reply) => {
      const t = (k: MessageKey) => translate(request.locale, k);
      return sendExcel(
        reply,
        'charge-points.xlsx',
        t('sheet.chargePoints'),
        [
          { header: t('col.chargePointId'), width: 18, value: (c: ChargePoint) => c.chargePointId },
          { header: t('col.name'), width: 30, value: (c) => c.name },
          { header: t('col.operator'), width: 24, value: (c) => c.operatorName },
          { header: t('col.connection'), width: 14, value: (c) => c.connection },
          { header: t('col.status'), width: 14, value: (c) => c.status },
          {
            header: t('col.state'),
            width: 16,
            value: (c) => t(`chargePointState.${c.state}`),
          },
          {
            header: t('col.connectors'),
            width: 30,
            value: (c) => c.connectors.map((k) => `${k.connectorId}: ${k.status}`).join(', '),
          },
          { header: t('col.brand'), value: (c) => c.brand },
          { header: t('col.model'), value: (c) => c.model },
          { header: t('col.serialNumber'), value: (c) => c.serialNumber },
          { header: t('col.firmware'), value: (c) => c.firmwareVersion },
          { header: t('col.city'), value: (c) => c.city },
          { header: t('col.address'), width: 36, value: (c) => c.addressLine1 },
          {
            header: t('col.lastHeartbeat'),
            value: (c) => (c.lastHeartbeatAt ? new Date(c.lastHeartbeatAt) : null),
          },
          {
            header: t('col.archived'),
            width: 10,
            value: (c) => (c.archived ? t('common.yes') : t('common.no')),
          },
        ],
        service.all(ctxOf(request), request.body.list ?? 'all', request.body),
      );
    },
  );

  app.get(
    `/${API.chargePoints.save}/:id`,
    {
      config: read,
      schema: {
        tags,
        params: z.object({ id: z.string().min(1).max(48) }),
        response: { 200: ok(ChargePoint) },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Both the database id and the OCPP identity address a charge point.
      return { data: await service.get(ctxOf(request), /^\d+$/.test(id) ? Number(id) : id) };
    },
  );

  app.post(
    `/${API.chargePoints.save}`,
    {
      config: write,
      schema: { tags, body: CreateChargePointBody, response: { 200: ok(ChargePointCredentials) } },
    },
    async (request) => ({
      data: await service.create(ctxOf(request), request.body),
      message: translate(request.locale, 'chargePoint.created'),
    }),
  );

  app.put(
    `/${API.chargePoints.save}`,
    { config: write, schema: { tags, body: UpdateChargePointBody, response: { 200: ok(ChargePoint) } } },
    async (request) => ({
      data: await service.update(ctxOf(request), request.body),
      message: translate(request.locale, 'chargePoint.updated'),
    }),
  );

  app.delete(
    `/${API.chargePoints.save}/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Archive (history is kept)',
        params: IdParams,
        response: { 200: ok(z.null()) },
      },
    },
    async (request) => {
      await service.archive(ctxOf(request), request.params.id);
      return { data: null, message: translate(request.locale, 'chargePoint.archived') };
    },
  );

  app.put(
    `/${API.chargePoints.unarchive}`,
    {
      config: write,
      schema: {
        tags,
        querystring: z.object({ chargePointID: z.string().min(1).max(48) }),
        response: { 200: ok(ChargePoint) },
      },
    },
    async (request) => ({
      data: await service.unarchive(ctxOf(request), request.query.chargePointID),
      message: translate(request.locale, 'chargePoint.unarchived'),
    }),
  );

  app.post(
    `/portal/ChargePoint/:id/password`,
    {
      config: write,
      schema: {
        tags,
        summary: "Set the charger's password: the one given, or a generated one; shown once",
        params: IdParams,
        response: { 200: ok(ChargePointCredentials) },
      },
    },
    async (request) => ({
      data: await service.resetPassword(ctxOf(request), request.params.id, chosenPassword(request.body)),
      message: translate(request.locale, 'chargePoint.passwordReset'),
    }),
  );
}
