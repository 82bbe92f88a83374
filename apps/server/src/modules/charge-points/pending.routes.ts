import { API, PendingChargePointList, ok } from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { PendingChargePointsService } from './pending.service.js';

const tags = ['charge-points'];

/**
 * Unknown chargers held for approval. Read and write of charge points are asked as everywhere in
 * the area; the pending chargers themselves are in an Admin's reach only (the service's scope).
 * Bodies are read after the scope, so a caller who may not see one learns nothing. The pending
 * charger's id travels in the body: it is no operator's record.
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
    `/${API.chargePoints.approvePending}`,
    {
      config: { permission: 'chargePoints:write' },
      schema: {
        tags,
        summary: 'Approve a pending charger into an operator: { id, operatorId, name? }',
        response: { 200: ok(z.object({ id: z.number().int(), chargePointId: z.string() })) },
      },
    },
    async (request) => ({
      data: await service.approve(ctxOf(request), request.body),
      message: translate(request.locale, 'pendingChargePoint.approved'),
    }),
  );

  app.post(
    `/${API.chargePoints.rejectPending}`,
    {
      config: { permission: 'chargePoints:write' },
      schema: { tags, summary: 'Delete a pending charger: { id } (pending again if it connects again)' },
    },
    async (request) => {
      await service.reject(ctxOf(request), request.body);
      return { data: null, message: translate(request.locale, 'pendingChargePoint.rejected') };
    },
  );
}
