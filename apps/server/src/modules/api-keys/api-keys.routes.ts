import {
  API_KEY_PATHS,
  ApiKey,
  ApiKeyWithSecret,
  CreateApiKeyBody,
  Id,
  RotateApiKeyBody,
  ok,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { ApiKeysService } from './api-keys.service.js';

const tags = ['integrations'];
const IdParams = z.object({ id: Id });
// Keys are managed by people: a key never creates, rotates or revokes keys.
const read = { permission: 'integrations:read', usersOnly: true } as const;
const write = { permission: 'integrations:write', usersOnly: true } as const;

export function apiKeyRoutes(app: App, { apiKeys }: { apiKeys: ApiKeysService }) {
  app.get(
    `/${API_KEY_PATHS.list}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'API keys in reach (never their secrets)',
        response: { 200: ok(z.array(ApiKey)) },
      },
    },
    async (request) => ({ data: await apiKeys.list(ctxOf(request)) }),
  );

  app.post(
    `/${API_KEY_PATHS.list}`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Create an API key; the answer is the only time its secret is shown',
        body: CreateApiKeyBody,
        response: { 200: ok(ApiKeyWithSecret) },
      },
    },
    async (request) => ({
      data: await apiKeys.create(ctxOf(request), request.body),
      message: translate(request.locale, 'apiKey.created'),
    }),
  );

  app.post(
    `/${API_KEY_PATHS.list}/:id/rotate`,
    {
      config: write,
      schema: {
        tags,
        summary: 'A new secret for the key; the old one works until the overlap ends',
        params: IdParams,
        body: RotateApiKeyBody,
        response: { 200: ok(ApiKeyWithSecret) },
      },
    },
    async (request) => ({
      data: await apiKeys.rotate(ctxOf(request), request.params.id, request.body),
      message: translate(request.locale, 'apiKey.rotated'),
    }),
  );

  app.post(
    `/${API_KEY_PATHS.list}/:id/revoke`,
    {
      config: write,
      schema: { tags, summary: 'Revoke the key at once', params: IdParams, response: { 200: ok(ApiKey) } },
    },
    async (request) => ({
      data: await apiKeys.revoke(ctxOf(request), request.params.id),
      message: translate(request.locale, 'apiKey.revokedDone'),
    }),
  );
}
