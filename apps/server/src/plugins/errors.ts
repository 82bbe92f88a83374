import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Locale } from '@voltline/contract';
import { AppError } from '../lib/errors.js';
import { isDatabaseUnavailable } from '../lib/db-unavailable.js';
import { isMessageKey, translate, type MessageKey } from '../lib/messages.js';
import { multipartRefusal } from '../lib/multipart-errors.js';

interface ValidationItem {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** A limit as people write it in the language (100,000 / 100.000); four digits (a year) ungrouped. */
const shown = (locale: Locale, n: unknown) =>
  typeof n === 'number' || typeof n === 'bigint'
    ? Number(n).toLocaleString(locale === 'tr' ? 'tr-TR' : 'en-GB', { useGrouping: 'min2' })
    : String(n);

const TYPE_WORDS: Record<string, MessageKey> = {
  number: 'field.number',
  int: 'field.wholeNumber',
  string: 'field.text',
  boolean: 'field.yesNo',
  array: 'field.list',
  object: 'field.object',
};

const FORMAT_WORDS: Record<string, MessageKey> = {
  email: 'field.email',
  datetime: 'field.dateTime',
  date: 'field.date',
  url: 'field.url',
};

/** One zod issue as a field error in words, in the request's language; our own keys as they are. */
function issueMessage(locale: Locale, v: ValidationItem): string {
  if (v.message && isMessageKey(v.message)) return translate(locale, v.message);
  const p = v.params;
  const n = (key: MessageKey, value: unknown) => translate(locale, key, { n: shown(locale, value) });
  switch (v.keyword) {
    case 'invalid_type':
      // zod reports a missing field as a type error "received undefined": say what a person expects.
      if (v.message?.endsWith('received undefined')) return translate(locale, 'validation.required');
      return translate(locale, TYPE_WORDS[String(p.expected)] ?? 'field.invalid');
    case 'too_small':
      if (p.origin === 'string') {
        return Number(p.minimum) <= 1
          ? translate(locale, 'validation.required')
          : n('field.textTooShort', p.minimum);
      }
      if (p.origin === 'array' || p.origin === 'set') return n('field.tooFewItems', p.minimum);
      return n(p.inclusive === false ? 'field.numberAboveZero' : 'field.numberTooSmall', p.minimum);
    case 'too_big':
      if (p.origin === 'string') return n('field.textTooLong', p.maximum);
      if (p.origin === 'array' || p.origin === 'set') return n('field.tooManyItems', p.maximum);
      return n(p.inclusive === false ? 'field.numberBelow' : 'field.numberTooLarge', p.maximum);
    case 'not_multiple_of':
      return translate(locale, 'field.wholeNumber');
    case 'invalid_format':
      return translate(locale, FORMAT_WORDS[String(p.format)] ?? 'field.format');
    case 'invalid_value':
      return Array.isArray(p.values) && p.values.length <= 12
        ? translate(locale, 'field.oneOf', { values: p.values.map(String).join(', ') })
        : translate(locale, 'field.invalid');
    case 'unrecognized_keys':
      return translate(locale, 'field.unknownFields', {
        keys: Array.isArray(p.keys) ? p.keys.map(String).join(', ') : '',
      });
    default:
      return translate(locale, 'field.invalid');
  }
}

/** PostgreSQL's refusals of a value (SQLSTATE 22xxx: out of range, bad text), found on the error or its cause. */
function databaseRefusal(err: unknown): 'validation.outOfRange' | 'validation.badText' | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === '22003') return 'validation.outOfRange';
    if (e.code === '22021' || e.code === '22P05' || e.code === '22P02') return 'validation.badText';
    e = e.cause as typeof e;
  }
  return null;
}

/** Seconds a client is told to wait when the database cannot be reached. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

export function localeOf(request: FastifyRequest): Locale {
  return request.locale ?? 'en';
}

/** One error handler: every failure leaves as `{ error, code?, details? }` in the user's language. */
export function registerErrorHandling(app: FastifyInstance, spaFallback: boolean) {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = localeOf(request);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const details = err.validation.map((v) => ({
        field: [where, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        message: issueMessage(locale, v as ValidationItem),
      }));
      return reply
        .status(400)
        .send({ error: translate(locale, 'error.validation'), code: 'validation', details });
    }
    if (err instanceof AppError) {
      return reply.status(err.status).send({
        error: translate(locale, err.key, err.params),
        code: err.key,
        details: err.details?.map((d) => ({ field: d.field, message: translate(locale, d.key, d.params) })),
      });
    }
    if (err.statusCode === 429) {
      return reply
        .status(429)
        .send({ error: translate(locale, 'error.tooManyRequests'), code: 'rate_limited' });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: translate(locale, 'error.bodyTooLarge'), code: err.code });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ error: translate(locale, 'error.badJson'), code: err.code });
    }
    if (err.statusCode === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send({ error: translate(locale, 'error.unsupportedMediaType'), code: 'unsupported_media_type' });
    }
    const upload = multipartRefusal(err);
    if (upload) {
      return reply.status(upload.status).send({ error: translate(locale, upload.key), code: upload.key });
    }
    // A value the database cannot hold that validation let through: the caller's mistake, not ours.
    const pg = databaseRefusal(err);
    if (pg) return reply.status(400).send({ error: translate(locale, pg), code: 'validation' });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply
        .status(err.statusCode)
        .send({ error: translate(locale, 'error.generic'), code: err.code ?? `http_${err.statusCode}` });
    }
    // The database is down or restarting: a passing state, said as such, with when to try again.
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ error: translate(locale, 'error.databaseUnavailable'), code: 'database_unavailable' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: translate(locale, 'error.generic'), code: 'internal' });
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isPage =
      request.method === 'GET' &&
      !url.startsWith('/api/') &&
      !url.startsWith('/ocpp/') &&
      !/\.[a-z0-9]+$/i.test(url);
    if (spaFallback && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: translate(localeOf(request), 'error.routeNotFound'), code: 'route_not_found' });
  });
}
