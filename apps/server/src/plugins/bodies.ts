import type { App } from '../lib/app-type.js';

/**
 * Calls without a body (restore, refund, logout) often still carry a Content-Type — browsers'
 * HTTP clients add one. An empty body is accepted as "no body" whatever it claims to be; a
 * non-empty body must be JSON.
 */
export function acceptEmptyBodies(app: App) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString();
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch (err) {
      const error = err as Error & { statusCode?: number; code?: string };
      error.statusCode = 400;
      error.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
      done(error, undefined);
    }
  });
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'text/plain'],
    { parseAs: 'string' },
    (_req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString();
      if (text.trim() === '') return done(null, undefined);
      const error = new Error('Unsupported Media Type') as Error & { statusCode?: number };
      error.statusCode = 415;
      done(error, undefined);
    },
  );
}
