import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  WEBHOOK_TEST_EVENT,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type WebhookDeliveryQuery,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { integrationEvents, operators, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { pathInReach, type Ctx } from '../../lib/context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { audit, diff } from '../audit/audit.service.js';
import { cursorNow } from '../events/commit-order.js';
import { RETRY_FOR_MS } from './dispatch.js';
import { newSecret } from './signature.js';
import { refusalOf } from './url-guard.js';
import { findDelivery, findEndpoints, pageDeliveries } from './webhooks.repository.js';

type Create = z.output<typeof CreateWebhookBody>;
type Update = z.output<typeof UpdateWebhookBody>;
type DeliveryQuery = z.output<typeof WebhookDeliveryQuery>;

const ENTITY = 'webhookEndpoint';

/** Webhook endpoints of operators, their secrets, test events and the delivery log (issue #32). */
export class WebhooksService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      allowPrivate: boolean;
      /** A new delivery is stored: the worker sends it now rather than at its next poll. */
      nudge: () => void;
    },
  ) {}

  list(ctx: Ctx): Promise<WebhookEndpoint[]> {
    return findEndpoints(this.deps.db, ctx.actor);
  }

  async create(ctx: Ctx, body: Create): Promise<WebhookWithSecret> {
    const operatorId = body.operatorId ?? ctx.actor.operatorId;
    const [operator] = await this.deps.db.select().from(operators).where(eq(operators.id, operatorId));
    if (!operator) throw notFound('operator');
    if (!pathInReach(ctx.actor, operator.path)) throw forbidden();
    await this.checkUrl(body.url);
    const secret = newSecret();
    const id = await this.deps.db.transaction(async (tx) => {
      // It receives what happens from now on: the events of transactions not yet settled and later.
      const start = await cursorNow(tx);
      const [row] = await tx
        .insert(webhookEndpoints)
        .values({
          operatorId,
          url: body.url,
          description: body.description ?? null,
          eventTypes: body.eventTypes,
          secret,
          cursor: start.id,
          cursorTx: start.tx,
          createdBy: ctx.actor.userId,
        })
        .returning({ id: webhookEndpoints.id });
      await audit(tx, ctx, {
        action: 'create',
        entity: ENTITY,
        entityId: row!.id,
        subjectOperatorId: operatorId,
        summary: { url: body.url, eventTypes: body.eventTypes, description: body.description ?? null },
      });
      return row!.id;
    });
    return { ...(await this.get(ctx, id)), secret };
  }

  async get(ctx: Ctx, id: number): Promise<WebhookEndpoint> {
    const [endpoint] = await findEndpoints(this.deps.db, ctx.actor, id);
    if (!endpoint) throw notFound('webhook');
    return endpoint;
  }

  async update(ctx: Ctx, id: number, body: Update): Promise<WebhookEndpoint> {
    const before = await this.get(ctx, id);
    if (body.url !== undefined && body.url !== before.url) await this.checkUrl(body.url);
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const set: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: now };
      if (body.url !== undefined) set.url = body.url;
      if (body.description !== undefined) set.description = body.description;
      if (body.eventTypes !== undefined) set.eventTypes = body.eventTypes;
      if (body.enabled === false && before.enabled) {
        Object.assign(set, { enabled: false, disabledReason: 'user', disabledAt: now });
      }
      if (body.enabled === true && !before.enabled) {
        // Switched on again: events older than a day are not sent, those kept get a new day of tries.
        const [old] = await tx
          .select({ tx: sql<string>`${integrationEvents.txId}::text`, id: integrationEvents.id })
          .from(integrationEvents)
          .where(lt(integrationEvents.occurredAt, new Date(now.getTime() - RETRY_FOR_MS)))
          .orderBy(desc(integrationEvents.txId), desc(integrationEvents.id))
          .limit(1);
        // The cursor moves up to the newest of those (in commit order), never back.
        const behind = old
          ? sql`(${webhookEndpoints.cursorTx}, ${webhookEndpoints.cursor}) < (${old.tx}::xid8, ${old.id}::bigint)`
          : sql`false`;
        Object.assign(set, {
          enabled: true,
          disabledReason: null,
          disabledAt: null,
          failingSince: null,
          cursorTx: sql`CASE WHEN ${behind} THEN ${old?.tx ?? '0'}::xid8 ELSE ${webhookEndpoints.cursorTx} END`,
          cursor: sql`CASE WHEN ${behind} THEN ${old?.id ?? 0}::bigint ELSE ${webhookEndpoints.cursor} END`,
        });
        await tx
          .update(webhookDeliveries)
          // A claim still held (a send begun before the switch-off) is left to run out, never cleared.
          .set({ nextAttemptAt: now, giveUpAt: new Date(now.getTime() + RETRY_FOR_MS) })
          .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.state, 'pending')));
      }
      await tx.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.id, id));
      const { url, description, eventTypes, enabled } = before;
      await audit(tx, ctx, {
        action: 'update',
        entity: ENTITY,
        entityId: id,
        subjectOperatorId: before.operatorId,
        summary: diff({ url, description, eventTypes, enabled }, body),
      });
    });
    if (body.enabled === true) this.deps.nudge();
    return this.get(ctx, id);
  }

  async remove(ctx: Ctx, id: number): Promise<void> {
    const before = await this.get(ctx, id);
    await this.deps.db.transaction(async (tx) => {
      await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      await audit(tx, ctx, {
        action: 'delete',
        entity: ENTITY,
        entityId: id,
        subjectOperatorId: before.operatorId,
        summary: { url: before.url },
      });
    });
  }

  async rotateSecret(ctx: Ctx, id: number): Promise<WebhookWithSecret> {
    const before = await this.get(ctx, id);
    const secret = newSecret();
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(webhookEndpoints)
        .set({ secret, updatedAt: this.deps.clock.now() })
        .where(eq(webhookEndpoints.id, id));
      await audit(tx, ctx, {
        action: 'webhook.rotateSecret',
        entity: ENTITY,
        entityId: id,
        subjectOperatorId: before.operatorId,
      });
    });
    return { ...before, secret };
  }

  /** A `webhook.test` event for this endpoint alone, stored and sent like any other. */
  async sendTest(ctx: Ctx, id: number): Promise<{ deliveryId: number }> {
    const endpoint = await this.get(ctx, id);
    const now = this.deps.clock.now();
    const body = JSON.stringify({
      id: `test-${randomUUID()}`,
      type: WEBHOOK_TEST_EVENT,
      version: 1,
      occurredAt: now.toISOString(),
      operatorId: endpoint.operatorId,
      data: { endpointId: id, sentBy: ctx.actor.email },
    });
    const deliveryId = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(webhookDeliveries)
        .values({
          endpointId: id,
          eventType: WEBHOOK_TEST_EVENT,
          body,
          nextAttemptAt: now,
          giveUpAt: new Date(now.getTime() + RETRY_FOR_MS),
        })
        .returning({ id: webhookDeliveries.id });
      await audit(tx, ctx, {
        action: 'webhook.test',
        entity: ENTITY,
        entityId: id,
        subjectOperatorId: endpoint.operatorId,
      });
      return row!.id;
    });
    this.deps.nudge();
    return { deliveryId };
  }

  deliveries(ctx: Ctx, q: DeliveryQuery) {
    return pageDeliveries(this.deps.db, ctx.actor, q, q.index, q.size).then((p) => ({
      ...p,
      index: q.index,
      size: q.size,
    }));
  }

  /**
   * Sends one delivery again (delivered, failed or waiting), with a new day of tries. A delivery
   * being sent right now keeps its claim: that send is the one asked for, and no second one runs
   * beside it (a failed one is retried as usual).
   */
  async replay(ctx: Ctx, deliveryId: number): Promise<void> {
    const found = await findDelivery(this.deps.db, ctx.actor, deliveryId);
    if (!found) throw notFound('webhookDelivery');
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({
          state: 'pending',
          nextAttemptAt: now,
          giveUpAt: new Date(now.getTime() + RETRY_FOR_MS),
        })
        .where(eq(webhookDeliveries.id, deliveryId));
      await audit(tx, ctx, {
        action: 'webhook.replay',
        entity: ENTITY,
        entityId: found.endpointId,
        subjectOperatorId: found.operatorId,
        summary: { deliveryId },
      });
    });
    this.deps.nudge();
  }

  private async checkUrl(url: string) {
    const refusal = await refusalOf(url, this.deps.allowPrivate);
    if (refusal === 'scheme') throw badRequest('webhook.urlScheme');
    if (refusal === 'private') throw badRequest('webhook.urlPrivate');
    if (refusal === 'unresolved') throw badRequest('webhook.urlUnresolved');
  }
}
