import { ChargePointPublication, Id, ROAMING_API, ok } from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { ctxOf } from '../../lib/request.js';
import type { ChargePointPublicationService } from './publication.service.js';

/**
 * A charge point's publication, for its page: read by whoever reads charge points (the partners'
 * names and parties only; the Roaming screen, under roaming:read, holds the rest).
 */
export function chargePointPublicationRoutes(
  app: App,
  { chargePointPublication }: { chargePointPublication: ChargePointPublicationService },
) {
  app.get(
    `/${ROAMING_API.chargePoint(':id')}`,
    {
      config: { permission: 'chargePoints:read' },
      schema: {
        tags: ['roaming'],
        summary:
          'Whether a charge point is published (open data, roaming partners) and what keeps it from being',
        params: z.object({ id: Id }),
        response: { 200: ok(ChargePointPublication) },
      },
    },
    async (request) => ({ data: await chargePointPublication.of(ctxOf(request), request.params.id) }),
  );
}
