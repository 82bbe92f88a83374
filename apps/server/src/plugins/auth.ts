import type { Locale, Permission } from '@voltline/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../lib/request.js';
import type { App } from '../lib/app-type.js';
import { makeActor, type Actor } from '../lib/context.js';
import { AppError } from '../lib/errors.js';
import { pickLocale } from '../lib/messages.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { TokenService } from '../lib/tokens.js';

/**
 * Every /api route declares what it needs; a route that forgets is refused at start-up, so no
 * endpoint can be open by accident. Tokens are checked against the live session on every call.
 * The permission is checked first of all, in onRequest, before the body is even read; a
 * permission that depends on the body, in preValidation before any check of the body (the text
 * guard included), so a caller without the permission gets 403, never the body's rules.
 */
export interface DeclaredRoute {
  method: string;
  url: string;
  permission: Permission | 'signedIn' | 'public';
  /** Further permissions needed whatever the body. */
  alsoNeeds: readonly Permission[];
}

const declared = new WeakMap<object, DeclaredRoute[]>();

/** Every /api route of an app with what it needs: the permission matrix test walks them all. */
export function declaredRoutes(app: object): readonly DeclaredRoute[] {
  return declared.get(app) ?? [];
}

/** A rate limit as @fastify/rate-limit hands it out: throws once the caller is over. */
type Limit = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * API keys (issue #32): a bearer that looks like a key is resolved to the key's actor, counted
 * by the key's own limit; a refused key is counted by the address limit, so guessing is limited.
 */
export interface KeyAuth {
  isKey(token: string): boolean;
  actorOf(token: string, ip: string): Promise<Actor>;
  keyLimit: Limit;
  addressLimit: Limit;
}

export function registerAuth(
  app: App,
  deps: {
    defaultLocale: Locale;
    tokens: TokenService;
    auth: Pick<AuthService, 'actorOfSession'>;
    keys?: KeyAuth;
  },
) {
  app.decorateRequest('locale', 'en');
  app.decorateRequest('ctx', null);

  const routes: DeclaredRoute[] = [];
  declared.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const permission = route.config?.permission;
    if (!permission) {
      throw new Error(`route ${String(route.method)} ${route.url} declares no permission`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        routes.push({
          method: String(method),
          url: route.url,
          permission,
          alsoNeeds: route.config?.alsoNeeds ?? [],
        });
      }
    }
  });

  const keyActor = async (keys: KeyAuth, token: string, request: FastifyRequest, reply: FastifyReply) => {
    let actor: Actor;
    try {
      actor = await keys.actorOf(token, request.ip);
    } catch (err) {
      await keys.addressLimit(request, reply);
      throw err;
    }
    request.ctx = {
      actor,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      locale: request.locale,
    };
    await keys.keyLimit(request, reply);
    if (request.routeOptions.config?.usersOnly) throw new AppError(403, 'apiKey.personOnly');
    return actor;
  };

  const userActor = async (token: string) => {
    const claims = await deps.tokens.verify(token);
    if (claims === 'expired') throw new AppError(401, 'error.sessionExpired');
    if (!claims) throw new AppError(401, 'error.unauthorized');
    const row = await deps.auth.actorOfSession(claims.sessionId, claims.userId);
    if (!row) throw new AppError(401, 'error.sessionExpired');
    return makeActor(row);
  };

  app.addHook('onRequest', async (request, reply) => {
    request.locale = pickLocale(request.headers['accept-language'], deps.defaultLocale);
    const needed = request.routeOptions.config?.permission;
    if (!needed || needed === 'public') return;
    const token = bearerToken(request);
    if (!token) throw new AppError(401, 'error.unauthorized');
    const { keys } = deps;
    const actor = keys?.isKey(token) ? await keyActor(keys, token, request, reply) : await userActor(token);
    request.ctx = {
      actor,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      locale: request.locale,
    };
    if (needed !== 'signedIn' && !actor.permissions.has(needed)) throw new AppError(403, 'error.forbidden');
    const also = request.routeOptions.config?.alsoNeeds ?? [];
    if (!also.every((p) => actor.permissions.has(p))) throw new AppError(403, 'error.forbidden');
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const bodyNeeds = request.routeOptions.config?.bodyNeeds;
    if (!bodyNeeds || !request.ctx) return done();
    const raw = request.body;
    const body =
      raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const { permissions } = request.ctx.actor;
    const allowed = bodyNeeds(body).every((p) => permissions.has(p));
    done(allowed ? undefined : new AppError(403, 'error.forbidden'));
  });
}
