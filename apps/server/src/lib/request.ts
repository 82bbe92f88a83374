import type { FastifyRequest } from 'fastify';
import type { Locale, Permission } from '@voltline/contract';
import type { Ctx } from './context.js';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs: a permission of the table, any signed-in user, or nothing (public). */
    permission?: Permission | 'signedIn' | 'public';
    /** Further permissions the route needs whatever the body (checked with `permission`). */
    alsoNeeds?: readonly Permission[];
    /**
     * Permissions that depend on what the body asks (e.g. a command that carries a charging
     * profile): read from the parsed body before it is validated, so a caller without them
     * learns nothing of the body's rules.
     */
    bodyNeeds?: (body: Record<string, unknown>) => readonly Permission[];
    /** Only a signed-in person, never an API key (their own session, managing keys). */
    usersOnly?: boolean;
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
