import { API, CreateTariffBody, Id, Tariff, UpdateTariffBody, ok } from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { TariffsService } from './tariffs.service.js';

const tags = ['tariffs'];
const read = { permission: 'tariffs:read' } as const;
const write = { permission: 'tariffs:write' } as const;

export function tariffRoutes(app: App, { tariffs: service }: { tariffs: TariffsService }) {
  app.get(
    `/${API.tariffs.base}`,
    {
      config: read,
      schema: {
        tags,
        querystring: z.object({
          includeRetired: z
            .enum(['true', 'false'])
            .default('false')
            .transform((v) => v === 'true'),
        }),
        response: { 200: ok(z.array(Tariff)) },
      },
    },
    async (request) => ({ data: await service.list(ctxOf(request), request.query.includeRetired) }),
  );

  app.get(
    `/portal/tariff/:tariffId`,
    { config: read, schema: { tags, params: z.object({ tariffId: Id }), response: { 200: ok(Tariff) } } },
    async (request) => ({ data: await service.get(ctxOf(request), request.params.tariffId) }),
  );

  app.post(
    `/${API.tariffs.base}`,
    { config: write, schema: { tags, body: CreateTariffBody, response: { 200: ok(Tariff) } } },
    async (request) => ({
      data: await service.create(ctxOf(request), request.body),
      message: translate(request.locale, 'tariff.created'),
    }),
  );

  app.put(
    `/${API.tariffs.base}`,
    { config: write, schema: { tags, body: UpdateTariffBody, response: { 200: ok(Tariff) } } },
    async (request) => ({
      data: await service.update(ctxOf(request), request.body),
      message: translate(request.locale, request.body.retired ? 'tariff.retired' : 'tariff.updated'),
    }),
  );

  app.delete(
    `/portal/tariff/:tariffId`,
    { config: write, schema: { tags, params: z.object({ tariffId: Id }), response: { 200: ok(z.null()) } } },
    async (request) => {
      await service.remove(ctxOf(request), request.params.tariffId);
      return { data: null, message: translate(request.locale, 'tariff.deleted') };
    },
  );

  app.get(
    `/portal/tariff/GetChargePointAvailableTariffs/:id`,
    {
      config: read,
      schema: {
        tags,
        params: z.object({ id: z.string().min(1).max(48) }),
        response: { 200: ok(z.array(Tariff)) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return {
        data: await service.availableForChargePoint(ctxOf(request), /^\d+$/.test(id) ? Number(id) : id),
      };
    },
  );
}
