import type { Client } from './transport.js';
import type { EmspContext } from './context.js';
import { fail, newToken, ok, type Reply } from './transport.js';
import {
  OCPI_VERSION,
  Status,
  type Answer,
  type Credentials,
  type CredentialsRole,
  type Endpoint,
} from './types.js';
import { cc, isObj, list, missing, obj, pid, str } from './validators.js';

export class UnsupportedVersion extends Error {
  constructor(offered: string) {
    super(`the peer offers no OCPI ${OCPI_VERSION} (offers: ${offered || 'none'})`);
  }
}

export function checkRoles(roles: unknown): CredentialsRole[] {
  const err = list(
    obj({ role: str, business_details: obj({ name: str }), party_id: pid, country_code: cc }),
    1,
  )(roles);
  if (err) throw new Error(`credentials roles ${err}`);
  return roles as CredentialsRole[];
}

/** The credentials handshake, both ways: as the party that starts it, and as the one that answers. */
export function createCredentials(ctx: EmspContext, client: Client) {
  const { accepted, tokensA, problem, ownCredentials } = ctx;
  const { send, expectSuccess, endpointOf } = client;

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

  // ——— Registration as the party that starts it (sender of credentials) ———

  async function registerWith(peerVersionsUrl: string, tokenA: string): Promise<Credentials> {
    const peerEndpoints = await fetchEndpoints(peerVersionsUrl, tokenA);
    const tokenB = newToken();
    accepted.add(tokenB);
    ctx.peer = { versionsUrl: peerVersionsUrl, endpoints: peerEndpoints, roles: [] };
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
      ctx.peer.roles = checkRoles(c.roles);
      ctx.peer.versionsUrl = c.url;
      ctx.theirToken = c.token;
      return c;
    } catch (e) {
      accepted.delete(tokenB);
      ctx.peer = null;
      throw e;
    }
  }

  /** PUT credentials with a new token B; the peer answers a new token C. */
  async function updateCredentials(): Promise<Credentials> {
    if (!ctx.peer) throw new Error('not registered');
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
    ctx.peer.roles = checkRoles(c.roles);
    ctx.theirToken = c.token;
    ctx.peer.endpoints = await fetchEndpoints(c.url, c.token);
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
    ctx.theirToken = null;
    ctx.peer = null;
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
    const previousPeer = ctx.peer;
    const previousTheir = ctx.theirToken;
    let peerEndpoints: Endpoint[];
    try {
      // The peer's routing headers are not yet known while its endpoints are fetched.
      ctx.peer = null;
      peerEndpoints = await fetchEndpoints(body.url as string, given);
    } catch (e) {
      ctx.peer = previousPeer;
      ctx.theirToken = previousTheir;
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
    ctx.theirToken = given;
    ctx.peer = { versionsUrl: body.url as string, endpoints: peerEndpoints, roles };
    return ok(ownCredentials(tokenC));
  }

  return { registerWith, updateCredentials, unregister, credentials };
}
