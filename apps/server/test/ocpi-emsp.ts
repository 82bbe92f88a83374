import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readText } from './standin-http.js';

/*
 * An eMSP of the project's own for OCPI 2.2.1 roaming tests, written from the OCPI 2.2.1 text
 * (transport and format, credentials, versions, locations, tariffs, tokens, sessions, cdrs,
 * commands, status codes) and from nothing of Voltline's. A real HTTP server on 127.0.0.1.
 *
 * What the peer does against the text is kept in `problems` (one line each, quoting the rule), so
 * a test can assert there is none; what was received and sent is kept in `calls`.
 */

type Obj = Record<string, unknown>;

export const OCPI_VERSION = '2.2.1';

/** OCPI status codes (status_codes chapter). */
export const Status = {
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

export type Allowed = 'ALLOWED' | 'BLOCKED' | 'EXPIRED' | 'NO_CREDIT' | 'NOT_ALLOWED';
export type CommandType =
  'START_SESSION' | 'STOP_SESSION' | 'RESERVE_NOW' | 'CANCEL_RESERVATION' | 'UNLOCK_CONNECTOR';
export type ModuleId = 'credentials' | 'locations' | 'tariffs' | 'sessions' | 'cdrs' | 'tokens' | 'commands';
export interface Endpoint {
  identifier: string;
  role: 'SENDER' | 'RECEIVER';
  url: string;
}
export interface CredentialsRole {
  role: string;
  business_details: { name: string; website?: string };
  party_id: string;
  country_code: string;
}
export interface Credentials {
  token: string;
  url: string;
  roles: CredentialsRole[];
}
export interface Envelope<T = unknown> {
  data?: T;
  status_code: number;
  status_message?: string;
  timestamp: string;
}
export interface OcpiCall {
  direction: 'in' | 'out';
  method: string;
  url: string;
  /** The credentials token used, decoded from base64 (undefined when absent or unreadable). */
  token?: string;
  requestHeaders: Record<string, string | string[] | undefined>;
  body: unknown;
  status: number;
  responseHeaders: Record<string, string | string[] | number | undefined>;
  response: unknown;
}
export interface OcpiEmspOptions {
  countryCode?: string;
  partyId?: string;
  name?: string;
  /** The most objects the tokens sender returns in one page (X-Limit); 50 unless told. */
  maxLimit?: number;
}
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  envelope: Envelope<T>;
}
interface Peer {
  versionsUrl: string;
  endpoints: Endpoint[];
  roles: CredentialsRole[];
}

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z?$/;
const encode = (token: string) => Buffer.from(token, 'utf8').toString('base64');
const newToken = () => randomBytes(24).toString('hex');
const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads `Authorization: Token <base64>`; 2.2.1 base64-encodes the credentials token. Answers the
 * decoded token and the raw parameter.
 */
function readToken(header: string | undefined): { token?: string; raw?: string } {
  const m = /^Token\s+(\S+)$/.exec(header ?? '');
  if (!m) return {};
  const raw = m[1]!;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(raw) || raw.length % 4 !== 0) return { raw };
  const token = Buffer.from(raw, 'base64').toString('utf8');
  return encode(token) === raw && /^[\x21-\x7e]+$/.test(token) ? { token, raw } : { raw };
}

// ——— Object checks, from the required (card. 1 and +) fields of each module's object ———

type Check = (v: unknown) => string | null;
const str: Check = (v) => (typeof v === 'string' && v.length > 0 ? null : 'a non-empty string');
const bool: Check = (v) => (typeof v === 'boolean' ? null : 'a boolean');
const num: Check = (v) => (typeof v === 'number' && Number.isFinite(v) ? null : 'a number');
const int: Check = (v) => (Number.isInteger(v) ? null : 'an integer');
const dateTime: Check = (v) =>
  typeof v === 'string' && DATETIME.test(v) ? null : 'a DateTime (RFC 3339, UTC)';
const cc: Check = (v) => (typeof v === 'string' && /^[A-Za-z]{2}$/.test(v) ? null : 'a CiString(2)');
const pid: Check = (v) => (typeof v === 'string' && /^[A-Za-z0-9]{3}$/.test(v) ? null : 'a CiString(3)');
const oneOf =
  (...values: string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? null : `one of ${values.join(', ')}`;
const obj =
  (fields: Record<string, Check>): Check =>
  (v) =>
    isObj(v) ? missing(v, fields) : 'an object';
const list =
  (each: Check, min = 0): Check =>
  (v) => {
    if (!Array.isArray(v)) return 'an array';
    if (v.length < min) return `an array of at least ${min}`;
    for (const [i, e] of v.entries()) {
      const err = each(e);
      if (err) return `[${i}] ${err}`;
    }
    return null;
  };
function missing(o: Obj, fields: Record<string, Check>): string | null {
  for (const [name, check] of Object.entries(fields)) {
    if (o[name] === undefined || o[name] === null) return `${name} is required`;
    const err = check(o[name]);
    if (err) return `${name} must be ${err}`;
  }
  return null;
}

const coordinates = obj({
  latitude: (v) =>
    typeof v === 'string' && /^-?[0-9]{1,2}\.[0-9]{5,7}$/.test(v) ? null : 'a latitude string',
  longitude: (v) =>
    typeof v === 'string' && /^-?[0-9]{1,3}\.[0-9]{5,7}$/.test(v) ? null : 'a longitude string',
});
const CONNECTOR: Record<string, Check> = {
  id: str,
  standard: str,
  format: oneOf('SOCKET', 'CABLE'),
  power_type: oneOf('AC_1_PHASE', 'AC_2_PHASE', 'AC_2_PHASE_SPLIT', 'AC_3_PHASE', 'DC'),
  max_voltage: int,
  max_amperage: int,
  last_updated: dateTime,
};
const EVSE_STATUS = [
  'AVAILABLE',
  'BLOCKED',
  'CHARGING',
  'INOPERATIVE',
  'OUTOFORDER',
  'PLANNED',
  'REMOVED',
  'RESERVED',
  'UNKNOWN',
];
const EVSE: Record<string, Check> = {
  uid: str,
  status: oneOf(...EVSE_STATUS),
  connectors: list(obj(CONNECTOR), 1),
  last_updated: dateTime,
};
const LOCATION: Record<string, Check> = {
  country_code: cc,
  party_id: pid,
  id: str,
  publish: bool,
  address: str,
  city: str,
  country: (v) => (typeof v === 'string' && /^[A-Z]{3}$/.test(v) ? null : 'an ISO 3166-1 alpha-3 code'),
  coordinates,
  time_zone: str,
  last_updated: dateTime,
};
const price = obj({ excl_vat: num });
const TARIFF: Record<string, Check> = {
  country_code: cc,
  party_id: pid,
  id: str,
  currency: (v) => (typeof v === 'string' && /^[A-Z]{3}$/.test(v) ? null : 'an ISO 4217 code'),
  elements: list(
    obj({
      price_components: list(
        obj({ type: oneOf('ENERGY', 'FLAT', 'PARKING_TIME', 'TIME'), price: num, step_size: int }),
        1,
      ),
    }),
    1,
  ),
  last_updated: dateTime,
};
const TOKEN_TYPE = oneOf('AD_HOC_USER', 'APP_USER', 'OTHER', 'RFID');
const cdrToken = obj({ country_code: cc, party_id: pid, uid: str, type: TOKEN_TYPE, contract_id: str });
const AUTH_METHOD = oneOf('AUTH_REQUEST', 'COMMAND', 'WHITELIST');
const SESSION: Record<string, Check> = {
  country_code: cc,
  party_id: pid,
  id: str,
  start_date_time: dateTime,
  kwh: num,
  cdr_token: cdrToken,
  auth_method: AUTH_METHOD,
  location_id: str,
  evse_uid: str,
  connector_id: str,
  currency: TARIFF.currency!,
  status: oneOf('ACTIVE', 'COMPLETED', 'INVALID', 'PENDING', 'RESERVATION'),
  last_updated: dateTime,
};
const CDR: Record<string, Check> = {
  country_code: cc,
  party_id: pid,
  id: str,
  start_date_time: dateTime,
  end_date_time: dateTime,
  cdr_token: cdrToken,
  auth_method: AUTH_METHOD,
  cdr_location: obj({
    id: str,
    address: str,
    city: str,
    country: LOCATION.country!,
    coordinates,
    evse_uid: str,
    evse_id: str,
    connector_id: str,
    connector_standard: str,
    connector_format: CONNECTOR.format!,
    connector_power_type: CONNECTOR.power_type!,
  }),
  currency: TARIFF.currency!,
  charging_periods: list(
    obj({ start_date_time: dateTime, dimensions: list(obj({ type: str, volume: num }), 1) }),
    1,
  ),
  total_cost: price,
  total_energy: num,
  total_time: num,
  last_updated: dateTime,
};
const TOKEN: Record<string, Check> = {
  country_code: cc,
  party_id: pid,
  uid: str,
  type: TOKEN_TYPE,
  contract_id: str,
  issuer: str,
  valid: bool,
  whitelist: oneOf('ALWAYS', 'ALLOWED', 'ALLOWED_OFFLINE', 'NEVER'),
  last_updated: dateTime,
};
const COMMAND_RESPONSE: Record<string, Check> = {
  result: oneOf('NOT_SUPPORTED', 'REJECTED', 'ACCEPTED', 'UNKNOWN_SESSION'),
  timeout: int,
};
const COMMAND_RESULT: Record<string, Check> = {
  result: oneOf(
    'ACCEPTED',
    'CANCELED_RESERVATION',
    'EVSE_OCCUPIED',
    'EVSE_INOPERATIVE',
    'FAILED',
    'NOT_SUPPORTED',
    'REJECTED',
    'TIMEOUT',
    'UNKNOWN_RESERVATION',
  ),
};
const VALIDATORS = {
  location: LOCATION,
  evse: EVSE,
  connector: CONNECTOR,
  tariff: TARIFF,
  session: SESSION,
  cdr: CDR,
  token: TOKEN,
};
/** Checks an object's required fields as the module's text lists them; null when valid. */
export function invalidOcpiObject(kind: keyof typeof VALIDATORS, value: unknown): string | null {
  return isObj(value) ? missing(value, VALIDATORS[kind]) : `a ${kind} must be an object`;
}

class Reply {
  constructor(
    readonly http: number,
    readonly code: number,
    readonly message?: string,
    readonly data?: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}
const ok = (data?: unknown, headers?: Record<string, string>) =>
  new Reply(200, Status.success, undefined, data, headers);
/** Status codes: "HTTP 201 - Created when the object has been newly created in the server system". */
const created = (headers?: Record<string, string>) =>
  new Reply(201, Status.success, undefined, undefined, headers);
/**
 * Status codes: "If a request is syntactically valid JSON and addresses an existing resource, a
 * HTTP error MUST NOT be returned": OCPI errors (2001, 3001...) go with HTTP 200; 401, 404 and 405
 * only where the text names them.
 */
const fail = (http: number, code: number, message: string) => new Reply(http, code, message);

/**
 * Starts the eMSP. One CPO peer at a time (as a direct, peer-to-peer connection): the one it
 * registered with, or the one that registered with it.
 */
export async function startOcpiEmsp(options: OcpiEmspOptions = {}) {
  const countryCode = options.countryCode ?? 'NL';
  const partyId = options.partyId ?? 'EMS';
  const name = options.name ?? 'Voltline test eMSP';
  const maxLimit = options.maxLimit ?? 50;
  const calls: OcpiCall[] = [];
  const problems: string[] = [];
  const problem = (p: string) => {
    if (!problems.includes(p)) problems.push(p);
  };

  /** Tokens A issued by this eMSP, accepted for versions and credentials only, until used. */
  const tokensA = new Set<string>();
  /** The token the peer uses to call this eMSP (B when it registered, C when the peer registered). */
  const accepted = new Set<string>();
  let theirToken: string | null = null;
  let peer: Peer | null = null;

  const locations = new Map<string, Obj>();
  const tariffs = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const cdrs = new Map<string, Obj>();
  const tokens: Obj[] = [];
  const authorizations = new Map<
    string,
    { allowed: Allowed; delayMs?: number; info?: string; needsLocation?: boolean }
  >();
  const commandResults = new Map<string, Obj>();

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ocpi`;
  const versionsUrl = `${base}/versions`;
  const detailsUrl = `${base}/${OCPI_VERSION}`;
  const moduleUrl = (m: string) => `${detailsUrl}/${m}`;

  const ownRoles = (): CredentialsRole[] => [
    { role: 'EMSP', business_details: { name }, party_id: partyId, country_code: countryCode },
  ];
  const ownCredentials = (token: string): Credentials => ({ token, url: versionsUrl, roles: ownRoles() });
  const endpoints: Endpoint[] = [
    // Versions module, Endpoint class: "It is advised to send SENDER as the InterfaceRole for one's
    // own credentials endpoint and to disregard the value of the role property [...] for other
    // platforms' credentials modules".
    { identifier: 'credentials', role: 'SENDER', url: moduleUrl('credentials') },
    { identifier: 'locations', role: 'RECEIVER', url: moduleUrl('locations') },
    { identifier: 'tariffs', role: 'RECEIVER', url: moduleUrl('tariffs') },
    { identifier: 'sessions', role: 'RECEIVER', url: moduleUrl('sessions') },
    { identifier: 'cdrs', role: 'RECEIVER', url: moduleUrl('cdrs') },
    { identifier: 'tokens', role: 'SENDER', url: moduleUrl('tokens') },
    { identifier: 'commands', role: 'SENDER', url: moduleUrl('commands') },
  ];
  const cpoRole = () => peer?.roles.find((r) => r.role === 'CPO') ?? peer?.roles[0];

  // ——— Outgoing requests ———

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
    const token = opts.token ?? theirToken;
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

  /** GET versions with a token, pick 2.2.1, GET its details: the peer's endpoints. */
  async function fetchEndpoints(url: string, token: string): Promise<Endpoint[]> {
    const versions = expectSuccess<{ version: string; url: string }[]>(
      'GET versions',
      await send('GET', url, undefined, { token, configuration: true }),
    );
    if (!Array.isArray(versions)) throw new Error('versions: data is not a list');
    const v = versions.find((x) => x.version === OCPI_VERSION);
    if (!v) throw new UnsupportedVersion(versions.map((x) => x.version).join(', '));
    const details = expectSuccess<{ version: string; endpoints: Endpoint[] }>(
      'GET version details',
      await send('GET', v.url, undefined, { token, configuration: true }),
    );
    if (details.version !== OCPI_VERSION) problem(`version details answered version ${details.version}`);
    for (const e of details.endpoints ?? [])
      if (e.role !== 'SENDER' && e.role !== 'RECEIVER')
        problem(`endpoint ${e.identifier} has role ${String(e.role)} (InterfaceRole: SENDER or RECEIVER)`);
    return details.endpoints;
  }

  const endpointOf = (identifier: string, role?: 'SENDER' | 'RECEIVER') => {
    const e = peer?.endpoints.find((x) => x.identifier === identifier && (!role || x.role === role));
    if (!e) throw new Error(`the peer lists no ${identifier}${role ? ` ${role}` : ''} endpoint`);
    return e.url;
  };

  function checkRoles(roles: unknown): CredentialsRole[] {
    const err = list(
      obj({ role: str, business_details: obj({ name: str }), party_id: pid, country_code: cc }),
      1,
    )(roles);
    if (err) throw new Error(`credentials roles ${err}`);
    return roles as CredentialsRole[];
  }

  // ——— Registration as the party that starts it (sender of credentials) ———

  async function registerWith(peerVersionsUrl: string, tokenA: string): Promise<Credentials> {
    const peerEndpoints = await fetchEndpoints(peerVersionsUrl, tokenA);
    const tokenB = newToken();
    accepted.add(tokenB);
    peer = { versionsUrl: peerVersionsUrl, endpoints: peerEndpoints, roles: [] };
    const credentialsUrl = endpointOf('credentials');
    try {
      const answer = await send<Credentials>('POST', credentialsUrl, ownCredentials(tokenB), {
        token: tokenA,
        configuration: true,
      });
      const c = expectSuccess('POST credentials', answer);
      if (typeof c?.token !== 'string' || !c.token) throw new Error('POST credentials answered no token');
      if (c.token === tokenA)
        problem(
          'POST credentials answered token A again ("The Receiver generates a unique credentials token: CREDENTIALS_TOKEN_C")',
        );
      peer.roles = checkRoles(c.roles);
      peer.versionsUrl = c.url;
      theirToken = c.token;
      return c;
    } catch (e) {
      accepted.delete(tokenB);
      peer = null;
      throw e;
    }
  }

  /** PUT credentials with a new token B; the peer answers a new token C. */
  async function updateCredentials(): Promise<Credentials> {
    if (!peer) throw new Error('not registered');
    const previous = [...accepted];
    const fresh = newToken();
    accepted.add(fresh);
    const c = expectSuccess(
      'PUT credentials',
      await send<Credentials>('PUT', endpointOf('credentials'), ownCredentials(fresh), {
        configuration: true,
      }),
    );
    for (const t of previous) accepted.delete(t);
    peer.roles = checkRoles(c.roles);
    theirToken = c.token;
    peer.endpoints = await fetchEndpoints(c.url, c.token);
    return c;
  }

  /** DELETE credentials: both stop talking. */
  async function unregister(): Promise<Answer> {
    const a = await send('DELETE', endpointOf('credentials'), undefined, { configuration: true });
    if (a.status === 200 && a.envelope.status_code === Status.success) forgetPeer();
    return a;
  }

  function forgetPeer() {
    accepted.clear();
    theirToken = null;
    peer = null;
  }

  // ——— Incoming requests ———

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
      peer &&
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

  async function credentials(
    method: string,
    body: unknown,
    token: string,
    isTokenA: boolean,
  ): Promise<Reply> {
    if (method === 'GET') {
      if (isTokenA) return fail(405, Status.clientError, 'not registered');
      return ok(ownCredentials(token));
    }
    if (method === 'DELETE') {
      // "MUST return a HTTP status code 405: method not allowed if the client has not been registered before."
      if (isTokenA) return fail(405, Status.clientError, 'not registered');
      forgetPeer();
      return ok();
    }
    if (method !== 'POST' && method !== 'PUT')
      return fail(405, Status.clientError, `${method} is not allowed`);
    // POST "MUST return 405 if the client has already been registered before"; PUT "... if the
    // client has not been registered yet".
    if (method === 'POST' && !isTokenA) return fail(405, Status.clientError, 'already registered');
    if (method === 'PUT' && isTokenA) return fail(405, Status.clientError, 'not registered');
    if (!isObj(body)) return fail(200, Status.invalidParameters, 'credentials must be an object');
    const err = missing(body, { token: str, url: str });
    if (err) return fail(200, Status.invalidParameters, err);
    let roles: CredentialsRole[];
    try {
      roles = checkRoles(body.roles);
    } catch (e) {
      return fail(200, Status.invalidParameters, (e as Error).message);
    }
    const given = body.token as string;
    const previousPeer = peer;
    const previousTheir = theirToken;
    let peerEndpoints: Endpoint[];
    try {
      // The peer's routing headers are not yet known while its endpoints are fetched.
      peer = null;
      peerEndpoints = await fetchEndpoints(body.url as string, given);
    } catch (e) {
      peer = previousPeer;
      theirToken = previousTheir;
      if (e instanceof UnsupportedVersion) return fail(200, Status.unsupportedVersion, e.message);
      // "the server should add the status code 3001 in the response to the POST from the client".
      return fail(
        400,
        Status.unableToUseClientApi,
        `could not use the client's API: ${(e as Error).message}`,
      );
    }
    const tokenC = newToken();
    if (isTokenA) tokensA.delete(token); // "CREDENTIALS_TOKEN_A ... MAY no longer be used"
    accepted.clear();
    accepted.add(tokenC);
    theirToken = given;
    peer = { versionsUrl: body.url as string, endpoints: peerEndpoints, roles };
    return ok(ownCredentials(tokenC));
  }

  // ——— Receivers ———

  /** The URL's country_code/party_id must be the peer's (transport_and_format, Client Owned Object Push). */
  function ownedBy(countryCode: string | undefined, partyId: string | undefined): Reply | null {
    if (!countryCode || !partyId)
      return fail(200, Status.invalidParameters, 'country_code and party_id are required in the URL');
    const match = peer?.roles.some(
      (r) =>
        r.country_code.toUpperCase() === countryCode.toUpperCase() &&
        r.party_id.toUpperCase() === partyId.toUpperCase(),
    );
    return match
      ? null
      : fail(404, Status.clientError, `${countryCode}/${partyId} is not a party of this connection`);
  }
  function sameOwner(
    o: Obj,
    countryCode: string,
    partyId: string,
    idField: string,
    id: string,
  ): Reply | null {
    if (o[idField] !== undefined && o[idField] !== id)
      return fail(
        400,
        Status.invalidParameters,
        `${idField} ${text(o[idField])} differs from the URL's ${id}`,
      );
    if (o.country_code !== undefined && text(o.country_code).toUpperCase() !== countryCode.toUpperCase())
      return fail(200, Status.invalidParameters, 'country_code differs from the URL');
    if (o.party_id !== undefined && text(o.party_id).toUpperCase() !== partyId.toUpperCase())
      return fail(200, Status.invalidParameters, 'party_id differs from the URL');
    return null;
  }
  const key = (countryCode: string, partyId: string, id: string) =>
    `${countryCode.toUpperCase()}/${partyId.toUpperCase()}/${id}`;
  const invalid = (kind: keyof typeof VALIDATORS, v: unknown) => {
    const err = invalidOcpiObject(kind, v);
    return err ? fail(200, Status.invalidParameters, `invalid ${kind}: ${err}`) : null;
  };
  function patchable(body: unknown): Reply | null {
    if (!isObj(body)) return fail(200, Status.invalidParameters, 'a PATCH body must be an object');
    // "Any request to the PATCH method SHALL contain the last_updated field."
    if (dateTime(body.last_updated))
      return fail(200, Status.invalidParameters, 'last_updated is required in a PATCH');
    return null;
  }

  function locationsReceiver(method: string, rest: string[], body: unknown): Reply {
    const [c, p, locationId, evseUid, connectorId, ...extra] = rest;
    if (!locationId || extra.length) return fail(404, Status.clientError, 'no such endpoint');
    const refused = ownedBy(c, p);
    if (refused) return refused;
    const k = key(c!, p!, locationId);
    const location = locations.get(k);
    const evses = () => (location!.evses ??= []) as Obj[];
    const evse = evseUid && location ? evses().find((e) => e.uid === evseUid) : undefined;
    const connectors = () => (evse!.connectors ??= []) as Obj[];
    const connector = connectorId && evse ? connectors().find((x) => x.id === connectorId) : undefined;
    const touch = (lastUpdated: unknown) => {
      if (location && typeof lastUpdated === 'string') location.last_updated = lastUpdated;
      if (evse && connectorId && typeof lastUpdated === 'string') evse.last_updated = lastUpdated;
    };
    if (method === 'GET') {
      const found = connectorId ? connector : evseUid ? evse : location;
      return found ? ok(found) : fail(404, Status.unknownLocation, 'unknown object');
    }
    if (method === 'PUT') {
      if (!connectorId && !evseUid) {
        const bad = invalid('location', body) ?? sameOwner(body as Obj, c!, p!, 'id', locationId);
        if (bad) return bad;
        for (const e of ((body as Obj).evses ?? []) as unknown[]) {
          const badEvse = invalid('evse', e);
          if (badEvse) return badEvse;
        }
        const isNew = !locations.has(k);
        locations.set(k, structuredClone(body as Obj));
        return isNew ? created() : ok();
      }
      if (!location) return fail(404, Status.unknownLocation, `unknown location ${locationId}`);
      if (!connectorId) {
        const bad = invalid('evse', body) ?? sameOwner(body as Obj, c!, p!, 'uid', evseUid!);
        if (bad) return bad;
        const list = evses();
        const at = list.findIndex((e) => e.uid === evseUid);
        if (at >= 0) list[at] = structuredClone(body as Obj);
        else list.push(structuredClone(body as Obj));
        touch((body as Obj).last_updated);
        return at >= 0 ? ok() : created();
      }
      if (!evse) return fail(404, Status.unknownLocation, `unknown EVSE ${evseUid}`);
      const bad = invalid('connector', body) ?? sameOwner(body as Obj, c!, p!, 'id', connectorId);
      if (bad) return bad;
      const list = connectors();
      const at = list.findIndex((x) => x.id === connectorId);
      if (at >= 0) list[at] = structuredClone(body as Obj);
      else list.push(structuredClone(body as Obj));
      touch((body as Obj).last_updated);
      return at >= 0 ? ok() : created();
    }
    if (method === 'PATCH') {
      const bad = patchable(body);
      if (bad) return bad;
      const target = connectorId ? connector : evseUid ? evse : location;
      if (!target) return fail(404, Status.unknownLocation, 'unknown object: PUT it first');
      Object.assign(target, structuredClone(body as Obj));
      touch((body as Obj).last_updated);
      return ok();
    }
    return fail(405, Status.clientError, `${method} is not allowed on locations`);
  }

  function simpleReceiver(
    method: string,
    rest: string[],
    body: unknown,
    store: Map<string, Obj>,
    kind: 'tariff' | 'session',
    methods: string[],
  ): Reply {
    const [c, p, id, ...extra] = rest;
    if (!id || extra.length) return fail(404, Status.clientError, 'no such endpoint');
    if (!methods.includes(method))
      return fail(405, Status.clientError, `${method} is not allowed on ${kind}s`);
    const refused = ownedBy(c, p);
    if (refused) return refused;
    const k = key(c!, p!, id);
    if (method === 'GET')
      return store.has(k) ? ok(store.get(k)) : fail(404, Status.clientError, `unknown ${kind}`);
    if (method === 'DELETE') {
      if (!store.delete(k)) return fail(404, Status.clientError, `unknown ${kind}`);
      return ok();
    }
    if (method === 'PUT') {
      const bad = invalid(kind, body) ?? sameOwner(body as Obj, c!, p!, 'id', id);
      if (bad) return bad;
      const isNew = !store.has(k);
      store.set(k, structuredClone(body as Obj));
      return isNew ? created() : ok();
    }
    const bad = patchable(body);
    if (bad) return bad;
    const existing = store.get(k);
    if (!existing) return fail(404, Status.clientError, `unknown ${kind}: PUT it first`);
    Object.assign(existing, structuredClone(body as Obj));
    return ok();
  }

  function cdrsReceiver(method: string, rest: string[], body: unknown): Reply {
    if (method === 'POST' && rest.length === 0) {
      const bad = invalid('cdr', body);
      if (bad) return bad;
      const cdr = body as Obj;
      const refused = ownedBy(cdr.country_code as string, cdr.party_id as string);
      if (refused) return refused;
      const k = key(cdr.country_code as string, cdr.party_id as string, cdr.id as string);
      // CDRs cannot be changed: a second CDR with the same id is refused.
      if (cdrs.has(k)) return fail(200, Status.invalidParameters, `CDR ${String(cdr.id)} was posted before`);
      cdrs.set(k, structuredClone(cdr));
      return created({
        location: `${moduleUrl('cdrs')}/${k.split('/').map(encodeURIComponent).join('/')}`,
      });
    }
    if (method === 'GET' && rest.length === 3) {
      const found = cdrs.get(key(rest[0]!, rest[1]!, rest[2]!));
      return found ? ok(found) : fail(404, Status.clientError, 'unknown CDR');
    }
    return fail(405, Status.clientError, `${method} is not allowed here on cdrs`);
  }

  // ——— Tokens sender ———

  async function tokensSender(method: string, rest: string[], url: URL, body: unknown): Promise<Reply> {
    if (method === 'GET' && rest.length === 0) return page(url, tokens);
    if (method === 'POST' && rest.length === 2 && rest[1] === 'authorize') {
      const type = url.searchParams.get('type') ?? 'RFID';
      const token = tokens.find((t) => t.uid === rest[0] && t.type === type);
      if (body !== undefined) {
        const err = isObj(body)
          ? missing(body, { location_id: str })
          : 'LocationReferences must be an object';
        if (err) return fail(200, Status.invalidParameters, err);
      }
      // "If the Token is not known, the response SHALL contain status code 2004: Unknown Token".
      if (!token) return fail(404, Status.unknownToken, 'unknown token');
      const rule = authorizations.get(`${type}/${rest[0]}`);
      // "When the eMSP receives a 'real-time' authorization request from a CPO that contains too
      // little information (no LocationReferences provided) [...] SHALL respond with the OCPI status: 2002".
      if (rule?.needsLocation && body === undefined)
        return fail(200, Status.notEnoughInformation, 'LocationReferences are needed for this token');
      if (rule?.delayMs) await new Promise((r) => setTimeout(r, rule.delayMs));
      const allowed: Allowed = rule?.allowed ?? (token.valid ? 'ALLOWED' : 'BLOCKED');
      const info: Obj = { allowed, token };
      if (isObj(body)) info.location = body;
      if (allowed === 'ALLOWED') info.authorization_reference = randomUUID().slice(0, 36);
      if (rule?.info) info.info = { language: 'en', text: rule.info };
      return ok(info);
    }
    return fail(405, Status.clientError, `${method} is not allowed here on tokens`);
  }

  /** A paginated GET (transport_and_format, Pagination) of a sender list, filtered on last_updated. */
  function page(url: URL, all: Obj[]): Reply {
    const q = url.searchParams;
    const from = q.get('date_from');
    const to = q.get('date_to');
    for (const d of [from, to])
      if (d !== null && dateTime(d)) return fail(200, Status.invalidParameters, `not a DateTime: ${d}`);
    const offset = q.has('offset') ? Number(q.get('offset')) : 0;
    const asked = q.has('limit') ? Number(q.get('limit')) : maxLimit;
    if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(asked) || asked < 0)
      return fail(200, Status.invalidParameters, 'offset and limit must be non-negative integers');
    const at = (o: Obj) => Date.parse(String(o.last_updated));
    const matching = all.filter(
      (o) => (from === null || at(o) >= Date.parse(from)) && (to === null || at(o) < Date.parse(to)),
    );
    const limit = Math.min(asked, maxLimit);
    const items = matching.slice(offset, offset + limit);
    const headers: Record<string, string> = {
      'x-total-count': String(matching.length),
      'x-limit': String(maxLimit),
    };
    if (offset + items.length < matching.length && items.length > 0) {
      const next = new URL(url.pathname, base);
      for (const [k, v] of q) if (k !== 'offset' && k !== 'limit') next.searchParams.set(k, v);
      next.searchParams.set('offset', String(offset + items.length));
      next.searchParams.set('limit', String(limit));
      headers.link = `<${next.toString()}>; rel="next"`;
    }
    return ok(items, headers);
  }

  // ——— Client of the peer's modules ———

  /**
   * Pulls a whole list from the peer's SENDER endpoint of a module, following Link rel="next"
   * until there is none, checking the envelope and the pagination headers on each page.
   */
  async function pullAll<T = Obj>(
    module: ModuleId,
    opts: { dateFrom?: string; dateTo?: string; limit?: number; url?: string } = {},
  ) {
    let next: string | null = opts.url ?? endpointOf(module, 'SENDER');
    let query: Record<string, string | number | undefined> | undefined = {
      date_from: opts.dateFrom,
      date_to: opts.dateTo,
      limit: opts.limit,
    };
    const items: T[] = [];
    const pages: { url: string; count: number; totalCount: number | null; limit: number | null }[] = [];
    const correlationId = randomUUID();
    while (next) {
      if (pages.length > 1000) throw new Error('more than 1000 pages: a Link loop?');
      const a: Answer<T[]> = await send<T[]>('GET', next, undefined, { query, correlationId });
      const data = expectSuccess(`GET ${module} page ${pages.length + 1}`, a);
      if (!Array.isArray(data)) throw new Error(`GET ${module}: data is not a list`);
      const total = a.headers.get('x-total-count');
      const xLimit = a.headers.get('x-limit');
      if (total === null || !/^\d+$/.test(total))
        problem(
          `GET ${module}: no X-Total-Count ("HTTP headers that have to be added to any paginated GET response")`,
        );
      if (xLimit === null || !/^\d+$/.test(xLimit))
        problem(
          `GET ${module}: no X-Limit ("HTTP headers that have to be added to any paginated GET response")`,
        );
      if (xLimit !== null && data.length > Number(xLimit))
        problem(`GET ${module}: more objects than X-Limit`);
      if (opts.limit !== undefined && data.length > opts.limit)
        problem(`GET ${module}: more objects than the limit asked`);
      pages.push({
        url: next,
        count: data.length,
        totalCount: total === null ? null : Number(total),
        limit: xLimit === null ? null : Number(xLimit),
      });
      items.push(...data);
      const link = a.headers.get('link');
      const m = link ? /<([^>]+)>\s*;\s*rel="?next"?/.exec(link) : null;
      if (link && !m) problem(`GET ${module}: Link header without rel="next": ${link}`);
      next = m ? new URL(m[1]!, next).toString() : null;
      if (next) {
        const nq = new URL(next).searchParams;
        for (const [k, v] of Object.entries({ date_from: opts.dateFrom, date_to: opts.dateTo }))
          if (v !== undefined && nq.get(k) !== v)
            problem(
              `GET ${module}: the next Link drops ${k} ("The Link should also contain any filters present in the original request")`,
            );
        if (data.length === 0) problem(`GET ${module}: an empty page with a next Link`);
      }
      query = undefined;
    }
    const last = pages.at(-1);
    if (last?.totalCount !== null && last !== undefined && last.totalCount !== items.length)
      problem(`GET ${module}: X-Total-Count ${last.totalCount} but ${items.length} objects pulled`);
    return { items, pages };
  }

  /** An authenticated GET of a peer URL. */
  const get = <T = unknown>(url: string, query?: Record<string, string | number | undefined>) =>
    send<T>('GET', url, undefined, { query });

  async function pushToken(token: Obj): Promise<Answer> {
    const type = text(token.type ?? 'RFID');
    const url = `${endpointOf('tokens', 'RECEIVER')}/${encodeURIComponent(text(token.country_code))}/${encodeURIComponent(
      text(token.party_id),
    )}/${encodeURIComponent(text(token.uid))}`;
    return send('PUT', url, token, { query: { type } });
  }

  async function command(type: CommandType, payload: Obj) {
    const id = randomUUID();
    const responseUrl = `${moduleUrl('commands')}/${type}/${id}`;
    const answer = await send<Obj>('POST', `${endpointOf('commands', 'RECEIVER')}/${type}`, {
      response_url: responseUrl,
      ...payload,
    });
    if (answer.envelope.status_code === Status.success) {
      const err = isObj(answer.envelope.data)
        ? missing(answer.envelope.data, COMMAND_RESPONSE)
        : 'no CommandResponse';
      if (err) problem(`POST commands/${type}: invalid CommandResponse: ${err}`);
    }
    return { id, responseUrl, answer };
  }

  async function waitForCommandResult(id: string, timeoutMs = 5000): Promise<Obj> {
    const end = Date.now() + timeoutMs;
    while (!commandResults.has(id)) {
      if (Date.now() > end) throw new Error(`no CommandResult for ${id} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return commandResults.get(id)!;
  }

  return {
    countryCode,
    partyId,
    versionsUrl,
    detailsUrl,
    moduleUrl,
    endpoints,
    calls,
    problems,
    locations,
    tariffs,
    sessions,
    cdrs,
    tokens,
    commandResults,
    /** The peer (CPO) as the handshake left it, or null. */
    get peer() {
      return peer;
    },
    /** The token this eMSP uses to call the peer. */
    get peerToken() {
      return theirToken;
    },
    /** The token(s) the peer may use to call this eMSP. */
    get acceptedTokens() {
      return [...accepted];
    },
    /** A token A, given out of band, for one credentials POST by the CPO. */
    issueTokenA() {
      const t = newToken();
      tokensA.add(t);
      return t;
    },
    registerWith,
    updateCredentials,
    unregister,
    send,
    get,
    pullAll,
    pushToken,
    endpointOf,
    /** How the tokens sender answers a real-time authorization of this token. */
    setAuthorization(
      uid: string,
      rule: { allowed: Allowed; delayMs?: number; info?: string; needsLocation?: boolean },
      type = 'RFID',
    ) {
      authorizations.set(`${type}/${uid}`, rule);
    },
    startSession(p: {
      token: Obj;
      locationId: string;
      evseUid?: string;
      connectorId?: string;
      authorizationReference?: string;
    }) {
      return command('START_SESSION', {
        token: p.token,
        location_id: p.locationId,
        ...(p.evseUid ? { evse_uid: p.evseUid } : {}),
        ...(p.connectorId ? { connector_id: p.connectorId } : {}),
        ...(p.authorizationReference ? { authorization_reference: p.authorizationReference } : {}),
      });
    },
    stopSession(sessionId: string) {
      return command('STOP_SESSION', { session_id: sessionId });
    },
    reserveNow(p: {
      token: Obj;
      expiryDate: string;
      reservationId: string;
      locationId: string;
      evseUid?: string;
    }) {
      return command('RESERVE_NOW', {
        token: p.token,
        expiry_date: p.expiryDate,
        reservation_id: p.reservationId,
        location_id: p.locationId,
        ...(p.evseUid ? { evse_uid: p.evseUid } : {}),
      });
    },
    cancelReservation(reservationId: string) {
      return command('CANCEL_RESERVATION', { reservation_id: reservationId });
    },
    unlockConnector(p: { locationId: string; evseUid: string; connectorId: string }) {
      return command('UNLOCK_CONNECTOR', {
        location_id: p.locationId,
        evse_uid: p.evseUid,
        connector_id: p.connectorId,
      });
    },
    waitForCommandResult,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export type OcpiEmsp = Awaited<ReturnType<typeof startOcpiEmsp>>;

class UnsupportedVersion extends Error {
  constructor(offered: string) {
    super(`the peer offers no OCPI ${OCPI_VERSION} (offers: ${offered || 'none'})`);
  }
}

/** Writes the Authorization header value of a credentials token, as OCPI 2.2.1 does (base64). */
export const authorizationHeader = (token: string) => `Token ${encode(token)}`;

/** A Token object of this eMSP, for tests to list or push. */
export function emspToken(emsp: Pick<OcpiEmsp, 'countryCode' | 'partyId'>, uid: string, over: Obj = {}): Obj {
  return {
    country_code: emsp.countryCode,
    party_id: emsp.partyId,
    uid,
    type: 'RFID',
    contract_id: `${emsp.countryCode}-${emsp.partyId}-C${uid}`,
    issuer: 'Voltline test eMSP',
    valid: true,
    whitelist: 'ALLOWED',
    last_updated: '2026-01-01T00:00:00Z',
    ...over,
  };
}
