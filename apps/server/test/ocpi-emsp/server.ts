import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readText } from '../standin-http.js';
import type { EmspContext } from './context.js';
import type { createCredentials } from './credentials.js';
import type { createReceivers } from './receivers.js';
import type { createTokens } from './tokens.js';
import { fail, ok, readToken, type Reply } from './transport.js';
import { OCPI_VERSION, Status, type Obj } from './types.js';
import { COMMAND_RESULT, isObj, missing } from './validators.js';

/** Incoming requests: the transport checks, then the route to each module's handler. */
export function createHandler(
  ctx: EmspContext,
  parts: {
    credentials: ReturnType<typeof createCredentials>['credentials'];
    receivers: ReturnType<typeof createReceivers>;
    tokensSender: ReturnType<typeof createTokens>['tokensSender'];
  },
) {
  const { base, problem, accepted, tokensA, countryCode, partyId, calls } = ctx;
  const { detailsUrl, endpoints, tariffs, sessions, commandResults } = ctx;
  const { credentials, tokensSender } = parts;
  const { locationsReceiver, simpleReceiver, cdrsReceiver } = parts.receivers;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const raw = await readText(req);
    let body: unknown = undefined;
    let reply: Reply;
    const { token, raw: rawToken } = readToken(req.headers.authorization);
    const what = `${req.method} ${url.pathname}`;
    if (!req.headers['x-request-id'])
      problem(`${what} came without X-Request-ID ("Every request SHALL contain a unique request ID")`);
    if (!req.headers['x-correlation-id'])
      problem(
        `${what} came without X-Correlation-ID ("Every request/response SHALL contain a unique correlation ID")`,
      );
    const configuration = /^\/ocpi\/(versions|2\.2\.1(\/credentials)?)\/?$/.test(url.pathname);
    const routing = Object.keys(req.headers).some((h) => h.startsWith('ocpi-'));
    if (configuration && routing)
      problem(`${what} came with routing headers ("routing headers SHALL NOT be used with these modules")`);
    if (
      !configuration &&
      ctx.peer &&
      (!req.headers['ocpi-from-country-code'] || !req.headers['ocpi-from-party-id'])
    )
      problem(
        `${what} came without OCPI-from-country-code/OCPI-from-party-id (Party to Party: FROM headers = requesting party)`,
      );
    if (rawToken && !token && (accepted.has(rawToken) || tokensA.has(rawToken)))
      problem(`${what}: credentials token sent without base64 encoding (OCPI 2.2.1 Authorization header)`);
    if (raw && !String(req.headers['content-type'] ?? '').startsWith('application/json'))
      problem(
        `${what}: body without Content-Type application/json ("SHALL be set to application/json for any request that contains a message body")`,
      );
    try {
      body = raw ? (JSON.parse(raw) as unknown) : undefined;
      reply = await route(req.method ?? 'GET', url, body, token);
    } catch (e) {
      reply =
        e instanceof SyntaxError
          ? fail(400, Status.invalidParameters, 'the body is not JSON')
          : fail(500, Status.serverError, e instanceof Error ? e.message : String(e));
    }
    const envelope: Obj = { status_code: reply.code, timestamp: new Date().toISOString() };
    if (reply.data !== undefined) envelope.data = reply.data;
    if (reply.message) envelope.status_message = reply.message;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-request-id': String(req.headers['x-request-id'] ?? randomUUID()),
      'x-correlation-id': String(req.headers['x-correlation-id'] ?? randomUUID()),
      ...reply.headers,
    };
    if (!configuration) {
      headers['ocpi-from-country-code'] = countryCode;
      headers['ocpi-from-party-id'] = partyId;
    }
    if (!configuration && req.headers['ocpi-from-country-code'] && req.headers['ocpi-from-party-id']) {
      headers['ocpi-to-country-code'] = String(req.headers['ocpi-from-country-code']);
      headers['ocpi-to-party-id'] = String(req.headers['ocpi-from-party-id']);
    }
    calls.push({
      direction: 'in',
      method: req.method ?? 'GET',
      url: url.toString(),
      token,
      requestHeaders: req.headers,
      body,
      status: reply.http,
      responseHeaders: headers,
      response: envelope,
    });
    res.writeHead(reply.http, headers).end(JSON.stringify(envelope));
  }

  async function route(method: string, url: URL, body: unknown, token: string | undefined): Promise<Reply> {
    const path = url.pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
    const prefix = `/ocpi/${OCPI_VERSION}`;
    // Command results arrive at the response_url given, which is a URL of this eMSP's own.
    const isVersions = path === '/ocpi/versions' || path === prefix;
    const isCredentials = path === `${prefix}/credentials`;
    const isTokenA = token !== undefined && tokensA.has(token);
    const isKnown = token !== undefined && accepted.has(token);
    if (!isKnown && !isTokenA) return fail(401, Status.clientError, 'missing or unknown credentials token');
    // "When a server receives a request with a valid CREDENTIALS_TOKEN_A, on another module than
    // credentials or versions, the server SHALL respond with a HTTP 401".
    if (isTokenA && !isVersions && !isCredentials)
      return fail(401, Status.clientError, 'token A is only for versions and credentials');

    if (path === '/ocpi/versions' && method === 'GET')
      return ok([{ version: OCPI_VERSION, url: detailsUrl }]);
    if (path === prefix && method === 'GET') return ok({ version: OCPI_VERSION, endpoints });
    if (isCredentials) return credentials(method, body, token ?? '', isTokenA);

    const parts = path
      .slice(prefix.length + 1)
      .split('/')
      .map(decodeURIComponent);
    const [module, ...rest] = parts;
    switch (module) {
      case 'locations':
        return locationsReceiver(method, rest, body);
      case 'tariffs':
        return simpleReceiver(method, rest, body, tariffs, 'tariff', ['PUT', 'DELETE', 'GET']);
      case 'sessions':
        return simpleReceiver(method, rest, body, sessions, 'session', ['PUT', 'PATCH', 'GET']);
      case 'cdrs':
        return cdrsReceiver(method, rest, body);
      case 'tokens':
        return tokensSender(method, rest, url, body);
      case 'commands':
        if (method === 'POST' && rest.length === 2) {
          const err = isObj(body) ? missing(body, COMMAND_RESULT) : 'CommandResult must be an object';
          if (err) return fail(200, Status.invalidParameters, err);
          commandResults.set(rest[1]!, body as Obj);
          return ok();
        }
    }
    return fail(404, Status.clientError, `no such endpoint: ${method} ${path}`);
  }

  return handle;
}
