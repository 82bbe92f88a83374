import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { WebhookDelivery, WebhookDeliveryState, WebhookEndpoint } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { operators, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

const pending = sql<number>`(SELECT count(*)::int FROM webhook_deliveries d
  WHERE d.endpoint_id = ${webhookEndpoints.id} AND d.state = 'pending')`;

/** The endpoints in the actor's reach (one, with `id`), as the portal lists them. */
export async function findEndpoints(tx: Tx, actor: Actor, id?: number): Promise<WebhookEndpoint[]> {
  const rows = await tx
    .select({ e: webhookEndpoints, operatorName: operators.name, pending })
    .from(webhookEndpoints)
    .innerJoin(operators, eq(operators.id, webhookEndpoints.operatorId))
    .where(and(inScope(actor, operators.path), id === undefined ? undefined : eq(webhookEndpoints.id, id)))
    .orderBy(asc(webhookEndpoints.id));
  return rows.map(({ e, operatorName, pending }) => ({
    id: e.id,
    operatorId: e.operatorId,
    operatorName,
    url: e.url,
    description: e.description,
    eventTypes: e.eventTypes,
    enabled: e.enabled,
    disabledReason: e.disabledReason === 'user' || e.disabledReason === 'failing' ? e.disabledReason : null,
    disabledAt: e.disabledAt?.toISOString() ?? null,
    failingSince: e.failingSince?.toISOString() ?? null,
    pending: Number(pending),
    createdAt: e.createdAt.toISOString(),
  }));
}

/** A delivery in the actor's reach, or undefined. */
export async function findDelivery(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx
    .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId, operatorId: operators.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(operators, eq(operators.id, webhookEndpoints.operatorId))
    .where(and(eq(webhookDeliveries.id, id), inScope(actor, operators.path)));
  return row;
}

/** A page of the delivery log, newest first, with every try's answer. */
export async function pageDeliveries(
  tx: Tx,
  actor: Actor,
  filter: { endpointId?: number; state?: WebhookDeliveryState },
  index: number,
  size: number,
): Promise<{ items: WebhookDelivery[]; total: number }> {
  const where: (SQL | undefined)[] = [
    inScope(actor, operators.path),
    filter.endpointId === undefined ? undefined : eq(webhookDeliveries.endpointId, filter.endpointId),
    filter.state === undefined ? undefined : eq(webhookDeliveries.state, filter.state),
  ];
  const base = () =>
    tx
      .select({ d: webhookDeliveries, url: webhookEndpoints.url })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(operators, eq(operators.id, webhookEndpoints.operatorId))
      .where(and(...where));
  const rows = await base()
    .orderBy(desc(webhookDeliveries.id))
    .limit(size)
    .offset(index * size);
  const [total] = await tx
    .select({ n: count() })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(operators, eq(operators.id, webhookEndpoints.operatorId))
    .where(and(...where));
  const ids = rows.map((r) => r.d.id);
  const tries =
    ids.length === 0
      ? []
      : await tx
          .select()
          .from(webhookAttempts)
          .where(inArray(webhookAttempts.deliveryId, ids))
          .orderBy(asc(webhookAttempts.id));
  return {
    total: total?.n ?? 0,
    items: rows.map(({ d, url }) => ({
      id: d.id,
      endpointId: d.endpointId,
      endpointUrl: url,
      eventId: d.eventId === null ? null : String(d.eventId),
      eventType: d.eventType,
      chargePointId: d.chargePointId,
      state: d.state as WebhookDeliveryState,
      attempts: d.attempts,
      nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt.toISOString() : null,
      deliveredAt: d.deliveredAt?.toISOString() ?? null,
      createdAt: d.createdAt.toISOString(),
      tries: tries
        .filter((a) => a.deliveryId === d.id)
        .map((a) => ({
          at: a.at.toISOString(),
          status: a.status,
          answer: a.answer,
          error: a.error,
          durationMs: a.durationMs,
        })),
    })),
  };
}
