import { API, Id, PendingChargePointList, ok } from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { PendingChargePointsService } from './pending.service.js';

const tags = ['charge-points'];
const IdParams = z.object({ id: Id });

/**
 * Unknown chargers held for approval. Read and write of charge points are asked as everywhere in
 * the area; the pending chargers themselves are in an Admin's reach only (the service's scope).
 * The approval's body is read after the scope, so a caller who may not see one learns nothing.
 */
export function pendingChargePointRoutes(
  app: App,
  { pendingChargePoints: service }: { pendingChargePoints: PendingChargePointsService },
) {
  app.get(
    `/${API.chargePoints.pending}`,
    {
      config: { permission: 'chargePoints:read' },
      schema: {
        tags,
        summary: 'Unknown chargers waiting for approval (Admin)',
        response: { 200: ok(PendingChargePointList) },
      },
    },
    async (request) => ({ data: await service.list(ctxOf(request)) }),
  );

  app.post(
    `/${API.chargePoints.pending}/:id/Approve`,
    {
      config: { permission: 'chargePoints:write' },
      schema: {
        tags,
        summary: 'Approve a pending charger into an operator: { operatorId, name? }',
        params: IdParams,
        response: { 200: ok(z.object({ id: z.number().int(), chargePointId: z.string() })) },
      },
    },
    async (request) => ({
      data: await service.approve(ctxOf(request), request.params.id, request.body),
      message: translate(request.locale, 'pendingChargePoint.approved'),
    }),
  );

  app.delete(
    `/${API.chargePoints.pending}/:id`,
    {
      config: { permission: 'chargePoints:write' },
      schema: {
        tags,
        summary: 'Delete a pending charger (it is pending again if it connects again)',
        params: IdParams,
      },
    },
    async (request) => {
      await service.reject(ctxOf(request), request.params.id);
      return { data: null, message: translate(request.locale, 'pendingChargePoint.rejected') };
    },
  );
}
