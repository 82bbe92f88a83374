import {
  API,
  CustomerInformationBody,
  CustomerInformationRequest,
  Id,
  ok,
  page,
  PageQuery,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import { isRefused, type CustomerInformationService } from './customer-information.service.js';

const tags = ['drivers'];
const params = z.object({ id: Id });

export function customerInformationRoutes(
  app: App,
  { customerInformation }: { customerInformation: CustomerInformationService },
) {
  app.post(
    `/${API.drivers.customerInformation(':id')}`,
    {
      // A data-protection request is about the driver: the roles that change drivers may make it.
      config: { permission: 'drivers:write' },
      schema: {
        tags,
        summary:
          "Ask one charger (chargePointId) or every connected charger of the driver's operator what it holds about each of the driver's cards (report), and/or have it clear that (clear): OCPP 2.0.1 CustomerInformation",
        params,
        body: CustomerInformationBody,
        response: { 200: ok(z.array(CustomerInformationRequest)) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await customerInformation.ask(ctx, request.params.id, request.body);
      const refused = data.filter((r) => isRefused(r.status)).length;
      const count = new Set(data.map((r) => r.chargePointId)).size;
      return refused > 0
        ? {
            data,
            refused: true,
            message: translate(ctx.locale, 'customerInformation.refused', { refused, count: data.length }),
          }
        : { data, message: translate(ctx.locale, 'customerInformation.sent', { count }) };
    },
  );

  app.get(
    `/${API.drivers.customerInformation(':id')}`,
    {
      config: { permission: 'drivers:read' },
      schema: {
        tags,
        summary: "The driver's data-protection requests and what each charger answered, newest first",
        params,
        querystring: PageQuery,
        response: { 200: ok(page(CustomerInformationRequest)) },
      },
    },
    async (request) => ({
      data: await customerInformation.list(
        ctxOf(request),
        request.params.id,
        request.query.index,
        request.query.size,
      ),
    }),
  );
}
