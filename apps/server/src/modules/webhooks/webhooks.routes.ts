import {
  CreateWebhookBody,
  Id,
  UpdateWebhookBody,
  WEBHOOKS_API,
  WebhookDelivery,
  WebhookDeliveryQuery,
  WebhookEndpoint,
  WebhookWithSecret,
  ok,
  page,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { WebhooksService } from './webhooks.service.js';

const tags = ['webhooks'];
const IdParams = z.object({ id: Id });
const read = { permission: 'integrations:read' } as const;
const write = { permission: 'integrations:write' } as const;

export function webhookRoutes(app: App, { webhooks }: { webhooks: WebhooksService }) {
  app.get(
    `/${WEBHOOKS_API.endpoints}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Webhook endpoints in reach',
        response: { 200: ok(z.array(WebhookEndpoint)) },
      },
    },
    async (request) => ({ data: await webhooks.list(ctxOf(request)) }),
  );

  app.post(
    `/${WEBHOOKS_API.endpoints}`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a webhook; its secret is answered this once',
        body: CreateWebhookBody,
        response: { 200: ok(WebhookWithSecret) },
      },
    },
    async (request) => ({
      data: await webhooks.create(ctxOf(request), request.body),
      message: translate(request.locale, 'webhook.created'),
    }),
  );

  app.get(
    `/${WEBHOOKS_API.deliveries}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The delivery log, newest first, with each try',
        querystring: WebhookDeliveryQuery,
        response: { 200: ok(page(WebhookDelivery)) },
      },
    },
    async (request) => ({ data: await webhooks.deliveries(ctxOf(request), request.query) }),
  );

  app.post(
    `/${WEBHOOKS_API.deliveries}/:id/replay`,
    {
      config: write,
      schema: { tags, summary: 'Send one delivery again', params: IdParams, response: { 200: ok(z.null()) } },
    },
    async (request) => {
      await webhooks.replay(ctxOf(request), request.params.id);
      return { data: null, message: translate(request.locale, 'webhook.replayQueued') };
    },
  );

  app.put(
    `/${WEBHOOKS_API.endpoints}/:id`,
    {
      config: write,
      schema: { tags, params: IdParams, body: UpdateWebhookBody, response: { 200: ok(WebhookEndpoint) } },
    },
    async (request) => ({
      data: await webhooks.update(ctxOf(request), request.params.id, request.body),
      message: translate(request.locale, 'webhook.updated'),
    }),
  );

  app.delete(
    `/${WEBHOOKS_API.endpoints}/:id`,
    { config: write, schema: { tags, params: IdParams, response: { 200: ok(z.null()) } } },
    async (request) => {
      await webhooks.remove(ctxOf(request), request.params.id);
      return { data: null, message: translate(request.locale, 'webhook.deleted') };
    },
  );

  app.post(
    `/${WEBHOOKS_API.endpoints}/:id/rotateSecret`,
    {
      config: write,
      schema: {
        tags,
        summary: 'A new secret, answered this once',
        params: IdParams,
        response: { 200: ok(WebhookWithSecret) },
      },
    },
    async (request) => ({
      data: await webhooks.rotateSecret(ctxOf(request), request.params.id),
      message: translate(request.locale, 'webhook.secretRotated'),
    }),
  );

  app.post(
    `/${WEBHOOKS_API.endpoints}/:id/test`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Send a webhook.test event',
        params: IdParams,
        response: { 200: ok(z.object({ deliveryId: z.number().int() })) },
      },
    },
    async (request) => ({
      data: await webhooks.sendTest(ctxOf(request), request.params.id),
      message: translate(request.locale, 'webhook.testQueued'),
    }),
  );
}
