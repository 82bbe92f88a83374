import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCommands } from './commands.js';
import { createContext } from './context.js';
import { createCredentials } from './credentials.js';
import { createPull } from './pull.js';
import { createReceivers } from './receivers.js';
import { createHandler } from './server.js';
import { createTokens } from './tokens.js';
import { createClient, newToken } from './transport.js';
import type { AuthorizationRule, Obj, OcpiEmspOptions } from './types.js';

/*
 * An eMSP of the project's own for OCPI 2.2.1 roaming tests, written from the OCPI 2.2.1 text
 * (transport and format, credentials, versions, locations, tariffs, tokens, sessions, cdrs,
 * commands, status codes) and from nothing of Voltline's. A real HTTP server on 127.0.0.1.
 *
 * What the peer does against the text is kept in `problems` (one line each, quoting the rule), so
 * a test can assert there is none; what was received and sent is kept in `calls`.
 */

/**
 * Starts the eMSP. One CPO peer at a time (as a direct, peer-to-peer connection): the one it
 * registered with, or the one that registered with it.
 */
export async function startOcpiEmsp(options: OcpiEmspOptions = {}) {
  // `handle` is set below, before the first turn of the event loop after listening.
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const ctx = createContext(options, `http://127.0.0.1:${(server.address() as AddressInfo).port}/ocpi`);
  const client = createClient(ctx);
  const { registerWith, updateCredentials, unregister, credentials } = createCredentials(ctx, client);
  const { tokensSender, pushToken } = createTokens(ctx, client);
  const { pullAll, get } = createPull(ctx, client);
  const commands = createCommands(ctx, client);
  const handle = createHandler(ctx, { credentials, receivers: createReceivers(ctx), tokensSender });
  const { send, endpointOf } = client;
  const { countryCode, partyId, versionsUrl, detailsUrl, moduleUrl, endpoints, calls, problems } = ctx;
  const { locations, tariffs, sessions, cdrs, tokens, commandResults } = ctx;
  const { accepted, tokensA, authorizations } = ctx;

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
      return ctx.peer;
    },
    /** The token this eMSP uses to call the peer. */
    get peerToken() {
      return ctx.theirToken;
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
    setAuthorization(uid: string, rule: AuthorizationRule, type = 'RFID') {
      authorizations.set(`${type}/${uid}`, rule);
    },
    ...commands,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export type OcpiEmsp = Awaited<ReturnType<typeof startOcpiEmsp>>;

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
