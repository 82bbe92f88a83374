import type { MessageKey } from './messages.js';

/** A domain error: services throw it, the error handler turns it into `{ error, code, details? }`. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503 | 504,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly details?: { field: string; key: MessageKey; params?: Record<string, string | number> }[],
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const notFound = (entity: 'user' | 'operator' | 'auditLog' | (string & {})) =>
  new AppError(404, 'error.notFound', { entity });
export const forbidden = () => new AppError(403, 'error.forbidden');
export const badRequest = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(400, key, params);
export const conflict = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(409, key, params);
