import type { FastifyInstance } from 'fastify';

/**
 * Lets a scope of public HTML pages take a browser's form posts (the rest of the server refuses
 * form bodies): each field becomes a string of the body object, the last of a repeated name wins.
 */
export function acceptHtmlForms(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/x-www-form-urlencoded');
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, next) => {
      next(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString())));
    },
  );
}
