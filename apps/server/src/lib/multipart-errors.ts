import type { MessageKey } from './messages.js';

/** Texts of the multipart parser's own errors, which carry no code. */
const MALFORMED_TEXT = ['Unexpected end of multipart data', 'Multipart: Boundary not found'];
/** @fastify/multipart's codes for a form that is cut short or not a form at all. */
const MALFORMED_CODES = new Set([
  'FST_MP_PREMATURE_CLOSE',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
]);
const TOO_MANY_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * What was wrong with a multipart upload, from the error its parser raised (the error itself or
 * its cause), as a status and message for the sender; null for any other error. A truncated form
 * is the sender's mistake, never a 500.
 */
export function multipartRefusal(err: unknown): { status: number; key: MessageKey } | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth += 1) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && MALFORMED_CODES.has(code))
      return { status: 400, key: 'upload.malformed' };
    if (typeof code === 'string' && TOO_MANY_CODES.has(code))
      return { status: 413, key: 'upload.tooManyParts' };
    if (typeof message === 'string' && MALFORMED_TEXT.includes(message)) {
      return { status: 400, key: 'upload.malformed' };
    }
    e = cause;
  }
  return null;
}
