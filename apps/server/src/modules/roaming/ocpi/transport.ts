import { createHash, randomBytes } from 'node:crypto';

/** OCPI 2.2.1 status codes (chapter 5) Voltline answers with and reads. */
export const OCPI_STATUS = {
  success: 1000,
  clientError: 2000,
  invalidParameters: 2001,
  notEnoughInformation: 2002,
  unknownLocation: 2003,
  unknownToken: 2004,
  serverError: 3000,
  unableToUseClientApi: 3001,
  unsupportedVersion: 3002,
  noMatchingEndpoints: 3003,
} as const;

/** An OCPI request refused: its HTTP status, its OCPI status code and a message for the partner's logs. */
export class OcpiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'OcpiError';
  }
}

/**
 * Chapter 5: a request that is valid JSON and addresses an existing resource gets no HTTP error;
 * what is wrong with its content is said by the OCPI status code of a 200 answer.
 */
export const invalidParameters = (message: string) =>
  new OcpiError(200, OCPI_STATUS.invalidParameters, message);
export const methodNotAllowed = (message: string) => new OcpiError(405, OCPI_STATUS.clientError, message);
export const unauthorized = () =>
  new OcpiError(401, OCPI_STATUS.clientError, 'Unknown or missing credentials token');

/** The response format of every OCPI answer (4.1.7): `data` left out when there is none. */
export function envelope(
  data: unknown,
  now: Date,
  statusCode: number = OCPI_STATUS.success,
  message = 'Success',
) {
  return {
    ...(data === undefined ? {} : { data }),
    status_code: statusCode,
    status_message: message,
    timestamp: now.toISOString(),
  };
}

/** A new credentials token: printable, no whitespace, within OCPI's 64 characters. */
export const newCredentialsToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The Authorization header value for a credentials token: `Token ` and its UTF-8 bytes in Base64 (4.1.2). */
export const authorizationOf = (token: string) => `Token ${Buffer.from(token, 'utf8').toString('base64')}`;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const PRINTABLE = /^[\x21-\x7e]+$/;

/**
 * The credentials tokens an Authorization header may carry: the Base64-decoded token as 2.2.1
 * requires, and the header's text as is, which partners of 2.1.1 and early 2.2 send. Both are
 * looked up; a token is unguessable either way. Null when there is no `Token` header.
 */
export function tokensOf(header: string | undefined): string[] | null {
  const match = /^Token\s+(\S+)\s*$/i.exec(header ?? '');
  const value = match?.[1];
  if (!value) return null;
  const out = [value];
  if (value.length % 4 === 0 && BASE64.test(value)) {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    if (PRINTABLE.test(decoded) && decoded !== value) out.unshift(decoded);
  }
  return out;
}

/** Most objects one page of a list holds (X-Limit); a client asking more gets this many. */
export const OCPI_PAGE_MAX = 100;

export interface PageQuery {
  offset: number;
  limit: number;
  dateFrom: Date | null;
  dateTo: Date | null;
}

/** A query parameter as text (a repeated one: its first value). */
const textOf = (value: unknown): string => {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' || typeof first === 'number' ? String(first) : '';
};

function dateParam(name: string, value: unknown): Date | null {
  const text = textOf(value);
  if (text === '') return null;
  const at = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(at.getTime()))
    throw invalidParameters(`${name} must be a date and time such as 2026-01-01T00:00:00Z`);
  return at;
}

function intParam(name: string, value: unknown, fallback: number): number {
  const text = textOf(value);
  if (text === '') return fallback;
  if (!/^\d{1,9}$/.test(text)) throw invalidParameters(`${name} must be a whole number of 0 or more`);
  return Number(text);
}

/** The pagination parameters of a GET of a list (4.1.4.1), checked. */
export function pageQuery(query: Record<string, unknown>): PageQuery {
  const limit = intParam('limit', query.limit, OCPI_PAGE_MAX);
  return {
    offset: intParam('offset', query.offset, 0),
    limit: Math.min(Math.max(limit, 1), OCPI_PAGE_MAX),
    dateFrom: dateParam('date_from', query.date_from),
    dateTo: dateParam('date_to', query.date_to),
  };
}

/**
 * The headers of a page: X-Total-Count, X-Limit and, when more follow, a Link to the next page that
 * keeps the request's filters.
 */
export function pageHeaders(url: string, page: PageQuery, total: number): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Total-Count': String(total),
    'X-Limit': String(OCPI_PAGE_MAX),
  };
  const nextOffset = page.offset + page.limit;
  if (nextOffset < total) {
    const next = new URL(url);
    next.searchParams.set('offset', String(nextOffset));
    next.searchParams.set('limit', String(page.limit));
    headers.Link = `<${next.toString()}>; rel="next"`;
  }
  return headers;
}
