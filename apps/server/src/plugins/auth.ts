import type { FastifyRequest } from 'fastify';
import type { Locale, Permission } from '@voltline/contract';
import type { App } from '../app.js';
import type { Ctx } from '../lib/context.js';
import { makeActor } from '../lib/context.js';
import { AppError } from '../lib/errors.js';
import { pickLocale } from '../lib/messages.js';
import { findSessionActor } from '../modules/auth/auth.repository.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs: a permission of the table, any signed-in user, or nothing (public). */
    permission?: Permission | 'signedIn' | 'public';
  }
  interface FastifyRequest {
    locale: Locale;
    ctx: Ctx | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length < 4096 ? token : null;
}

/** The request's context; only called on routes that require a signed-in user. */
export function ctxOf(request: FastifyRequest): Ctx {
  if (!request.ctx) throw new AppError(401, 'error.unauthorized');
  return request.ctx;
}

/**
 * Every /api route declares what it needs; a route that forgets is refused at start-up, so no
 * endpoint can be open by accident. Tokens are checked against the live session on every call.
 */
export function registerAuth(app: App) {
  app.decorateRequest('locale', 'en');
  app.decorateRequest('ctx', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (!route.config?.permission) {
      throw new Error(`route ${String(route.method)} ${route.url} declares no permission`);
    }
  });

  app.addHook('onRequest', async (request) => {
    request.locale = pickLocale(request.headers['accept-language'], app.config.DEFAULT_LOCALE);
    const needed = request.routeOptions.config?.permission;
    if (!needed || needed === 'public') return;
    const token = bearerToken(request);
    if (!token) throw new AppError(401, 'error.unauthorized');
    const claims = await app.tokens.verify(token);
    if (claims === 'expired') throw new AppError(401, 'error.sessionExpired');
    if (!claims) throw new AppError(401, 'error.unauthorized');
    const row = await findSessionActor(app.db, claims.sessionId, claims.userId);
    if (!row) throw new AppError(401, 'error.sessionExpired');
    const actor = makeActor(row);
    request.ctx = {
      actor,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      locale: request.locale,
    };
    if (needed !== 'signedIn' && !actor.permissions.has(needed)) throw new AppError(403, 'error.forbidden');
  });
}
