import { randomBytes, randomUUID } from 'node:crypto';
import type { EmspContext } from './context.js';
import { Status, type Answer, type Envelope } from './types.js';
import { DATETIME, isObj } from './validators.js';

export const encode = (token: string) => Buffer.from(token, 'utf8').toString('base64');
export const newToken = () => randomBytes(24).toString('hex');

/**
 * Reads `Authorization: Token <base64>`; 2.2.1 base64-encodes the credentials token. Answers the
 * decoded token and the raw parameter.
 */
export function readToken(header: string | undefined): { token?: string; raw?: string } {
  const m = /^Token\s+(\S+)$/.exec(header ?? '');
  if (!m) return {};
  const raw = m[1]!;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(raw) || raw.length % 4 !== 0) return { raw };
  const token = Buffer.from(raw, 'base64').toString('utf8');
  return encode(token) === raw && /^[\x21-\x7e]+$/.test(token) ? { token, raw } : { raw };
}

/** Writes the Authorization header value of a credentials token, as OCPI 2.2.1 does (base64). */
export const authorizationHeader = (token: string) => `Token ${encode(token)}`;

export class Reply {
  constructor(
    readonly http: number,
    readonly code: number,
    readonly message?: string,
    readonly data?: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}
export const ok = (data?: unknown, headers?: Record<string, string>) =>
  new Reply(200, Status.success, undefined, data, headers);
/** Status codes: "HTTP 201 - Created when the object has been newly created in the server system". */
export const created = (headers?: Record<string, string>) =>
  new Reply(201, Status.success, undefined, undefined, headers);
/**
 * Status codes: "If a request is syntactically valid JSON and addresses an existing resource, a
 * HTTP error MUST NOT be returned": OCPI errors (2001, 3001...) go with HTTP 200; 401, 404 and 405
 * only where the text names them.
 */
export const fail = (http: number, code: number, message: string) => new Reply(http, code, message);

/** The client side of the transport: requests to the peer, and what is checked of its answers. */
export function createClient(ctx: EmspContext) {
  const { countryCode, partyId, calls, problem } = ctx;
  const cpoRole = () => ctx.peer?.roles.find((r) => r.role === 'CPO') ?? ctx.peer?.roles[0];

  /** An OCPI request to the peer, with the token given (the peer's token unless told). */
  async function send<T = unknown>(
    method: string,
    url: string,
    body?: unknown,
    opts: {
      token?: string;
      correlationId?: string;
      query?: Record<string, string | number | undefined>;
      /** A call to versions or credentials: "routing headers SHALL NOT be used with these modules". */
      configuration?: boolean;
    } = {},
  ): Promise<Answer<T>> {
    const token = opts.token ?? ctx.theirToken;
    if (!token) throw new Error('no credentials token for the peer: register first');
    const target = new URL(url);
    for (const [k, v] of Object.entries(opts.query ?? {}))
      if (v !== undefined) target.searchParams.set(k, String(v));
    const requestId = randomUUID();
    const headers: Record<string, string> = {
      authorization: `Token ${encode(token)}`,
      'x-request-id': requestId,
      'x-correlation-id': opts.correlationId ?? randomUUID(),
    };
    const to = cpoRole();
    if (!opts.configuration) {
      headers['ocpi-from-country-code'] = countryCode;
      headers['ocpi-from-party-id'] = partyId;
    }
    if (to && !opts.configuration) {
      headers['ocpi-to-country-code'] = to.country_code;
      headers['ocpi-to-party-id'] = to.party_id;
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(target, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      problem(
        `${method} ${target.pathname} answered no JSON (transport_and_format: "The content that is sent with all the response messages is an 'application/json' type")`,
      );
    }
    calls.push({
      direction: 'out',
      method,
      url: target.toString(),
      token,
      requestHeaders: headers,
      body,
      status: res.status,
      responseHeaders: Object.fromEntries(res.headers),
      response: parsed,
    });
    checkEnvelope(`${method} ${target.pathname}`, parsed);
    if (res.headers.get('x-request-id') !== requestId)
      problem(
        `${method} ${target.pathname}: X-Request-ID not echoed ("Every request SHALL contain a unique request ID, the response to this request SHALL contain the same ID")`,
      );
    if (res.headers.get('x-correlation-id') !== headers['x-correlation-id'])
      problem(
        `${method} ${target.pathname}: X-Correlation-ID not echoed ("every response to this request SHALL contain the same ID")`,
      );
    if (
      isObj(parsed) &&
      res.status >= 400 &&
      ![401, 404, 405].includes(res.status) &&
      Number(parsed.status_code) >= 2000
    )
      problem(
        `${method} ${target.pathname}: HTTP ${res.status} with OCPI ${String(parsed.status_code)} ("If a request is syntactically valid JSON and addresses an existing resource, a HTTP error MUST NOT be returned")`,
      );
    if (opts.configuration && [...res.headers.keys()].some((h) => h.startsWith('ocpi-')))
      problem(
        `${method} ${target.pathname}: routing headers in the answer of a configuration module ("routing headers SHALL NOT be used with these modules")`,
      );
    const envelope = (isObj(parsed) ? parsed : { status_code: 0, timestamp: '' }) as unknown as Envelope<T>;
    return { status: res.status, headers: res.headers, envelope };
  }

  function checkEnvelope(what: string, body: unknown) {
    if (!isObj(body)) return;
    if (!Number.isInteger(body.status_code))
      problem(
        `${what}: envelope without status_code (transport_and_format, Response format: status_code int, card. 1)`,
      );
    if (typeof body.timestamp !== 'string' || !DATETIME.test(body.timestamp))
      problem(`${what}: envelope timestamp missing or not a UTC RFC 3339 DateTime (card. 1)`);
    if (body.status_message !== undefined && typeof body.status_message !== 'string')
      problem(`${what}: status_message not a string`);
  }

  function expectSuccess<T>(what: string, a: Answer<T>): T {
    if (a.status < 200 || a.status > 299 || a.envelope.status_code !== Status.success)
      throw new Error(
        `${what}: HTTP ${a.status}, status_code ${a.envelope.status_code} ${a.envelope.status_message ?? ''}`,
      );
    return a.envelope.data as T;
  }

  const endpointOf = (identifier: string, role?: 'SENDER' | 'RECEIVER') => {
    const e = ctx.peer?.endpoints.find((x) => x.identifier === identifier && (!role || x.role === role));
    if (!e) throw new Error(`the peer lists no ${identifier}${role ? ` ${role}` : ''} endpoint`);
    return e.url;
  };

  return { send, expectSuccess, endpointOf };
}

export type Client = ReturnType<typeof createClient>;
