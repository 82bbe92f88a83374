import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

// PostgreSQL text cannot hold a NUL character, and a lone UTF-16 surrogate is no character at all.
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string in `value` that the database could not store, if any. */
export function unstorableText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const found = unstorableText(v, `${path}.${k}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses a request whose body, query or path carries text the database cannot store, with a
 * 400 naming the field, before any handler runs (it used to reach PostgreSQL and answer 500).
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const field =
      unstorableText(request.body, 'body') ??
      unstorableText(request.query, 'querystring') ??
      unstorableText(request.params, 'params');
    done(
      field ? new AppError(400, 'error.validation', {}, [{ field, key: 'validation.badText' }]) : undefined,
    );
  });
}
