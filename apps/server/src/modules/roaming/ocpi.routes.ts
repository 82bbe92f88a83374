import { randomUUID } from 'node:crypto';
import { OCPI_VERSION } from '@voltline/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../lib/app-type.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { OwnParty } from './ocpi/credentials.js';
import {
  OCPI_STATUS,
  OcpiError,
  envelope,
  pageHeaders,
  pageQuery,
  unauthorized,
  type PageQuery,
} from './ocpi/transport.js';
import type { OcpiCaller, RoamingInbound } from './roaming.inbound.js';
import type { TokensReceiver } from './tokens/tokens.receiver.js';

declare module 'fastify' {
  interface FastifyRequest {
    ocpiCaller: OcpiCaller | null;
  }
  interface FastifyContextConfig {
    /** The OCPI module a route of /ocpi serves: versions and credentials take token A, the rest not. */
    ocpiModule?: string;
  }
}

/** A module Voltline serves as sender: a list with pagination, and single objects by their ids. */
export interface OcpiSenderModule {
  identifier: string;
  /** One page of the caller's objects and how many match in all. */
  list(caller: OcpiCaller, page: PageQuery): Promise<{ items: unknown[]; total: number }>;
  /** Single objects: `/{id}`, `/{id}/{sub}`, ... (Locations' EVSEs and connectors); null is 404. */
  one?(caller: OcpiCaller, ids: string[]): Promise<unknown>;
}

export interface OcpiDeps {
  inbound: RoamingInbound;
  clock: Clock;
  own: OwnParty;
  publicUrl: string;
  rateLimitPerMinute: number;
  senders: OcpiSenderModule[];
  /** The Tokens module, Voltline the receiver (issue #31); none where not wired. */
  tokens?: TokensReceiver;
  /** The Commands module, receiver (chapter 13): answers a command at once (a CommandResponse). */
  commands?: { receive(caller: OcpiCaller, type: string, body: unknown): Promise<unknown> };
}

/** Modules token A opens (4.1.2). */
const CONFIG_MODULES = new Set(['versions', 'details', 'credentials']);
/** Modules without routing headers (4.1.8.2: configuration modules are not routed). */
const UNROUTED = new Set([...CONFIG_MODULES, 'hubclientinfo']);

/**
 * Voltline's OCPI 2.2.1 interface as a CPO, outside /api (chapter 4): the Token header, the response
 * envelope with OCPI status codes, X-Request-ID / X-Correlation-ID on every answer, routing headers
 * on functional modules, pagination with Link / X-Total-Count / X-Limit.
 */
export function ocpiRoutes(app: App, deps: OcpiDeps) {
  const { clock, own, publicUrl } = deps;
  const base = `${publicUrl}/ocpi/${OCPI_VERSION}`;
  return app.register(
    (scope, _opts, done) => {
      scope.decorateRequest('ocpiCaller', null);
      const send = (reply: FastifyReply, data: unknown, status = 200) =>
        reply.status(status).send(envelope(data, clock.now()));

      scope.addHook('onRequest', async (request, reply) => {
        const requestId = header(request, 'x-request-id') ?? randomUUID();
        reply.header('X-Request-ID', requestId);
        reply.header('X-Correlation-ID', header(request, 'x-correlation-id') ?? requestId);
        const module = request.routeOptions.config.ocpiModule;
        if (!module) return;
        const caller = await deps.inbound.authenticate(request.headers.authorization);
        if (!caller) throw unauthorized();
        // Token A opens only the versions and credentials (4.1.2); a partner not yet registered no more.
        if (
          !CONFIG_MODULES.has(module) &&
          (caller.kind === 'tokenA' || caller.partner.state !== 'registered')
        )
          throw unauthorized();
        request.ocpiCaller = caller;
        if (!UNROUTED.has(module)) {
          // Routing headers (4.1.8.2): to the party that asked, from Voltline's own.
          reply.header('OCPI-from-country-code', own.countryCode);
          reply.header('OCPI-from-party-id', own.partyId);
          reply.header(
            'OCPI-to-country-code',
            header(request, 'ocpi-from-country-code') ?? caller.partner.countryCode,
          );
          reply.header('OCPI-to-party-id', header(request, 'ocpi-from-party-id') ?? caller.partner.partyId);
          const toCountry = header(request, 'ocpi-to-country-code');
          const toParty = header(request, 'ocpi-to-party-id');
          if (
            (toCountry && toCountry.toUpperCase() !== own.countryCode) ||
            (toParty && toParty.toUpperCase() !== own.partyId)
          )
            throw new OcpiError(
              404,
              OCPI_STATUS.clientError,
              `This platform hosts ${own.countryCode}*${own.partyId} only`,
            );
        }
      });

      scope.setErrorHandler((err: Error & { statusCode?: number; code?: string }, request, reply) => {
        const now = clock.now();
        if (err instanceof OcpiError)
          return reply.status(err.httpStatus).send(envelope(undefined, now, err.statusCode, err.message));
        if (err instanceof AppError && err.status === 429)
          return reply.status(429).send(envelope(undefined, now, 2000, 'Too many requests'));
        if (err instanceof AppError || (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)) {
          const status = err instanceof AppError ? err.status : err.statusCode!;
          return reply
            .status(status === 429 ? 429 : 400)
            .send(envelope(undefined, now, OCPI_STATUS.invalidParameters, err.message.slice(0, 300)));
        }
        request.log.error({ err }, 'OCPI request failed');
        return reply.status(500).send(envelope(undefined, now, OCPI_STATUS.serverError, 'Internal error'));
      });
      scope.setNotFoundHandler((_request, reply) =>
        reply
          .status(404)
          .send(envelope(undefined, clock.now(), OCPI_STATUS.clientError, 'Unknown OCPI endpoint')),
      );

      const limit = {
        max: deps.rateLimitPerMinute,
        timeWindow: '1 minute',
        // By address: counted before the token is checked, so made-up tokens cannot each get a limit.
        keyGenerator: (request: FastifyRequest) => `ocpi:${request.ip}`,
      };
      const cfg = (ocpiModule: string) => ({ config: { ocpiModule, rateLimit: limit } });
      const callerOf = (request: FastifyRequest) => request.ocpiCaller!;

      scope.get('/versions', cfg('versions'), (_request, reply) =>
        send(reply, [{ version: OCPI_VERSION, url: base }]),
      );
      scope.get(`/${OCPI_VERSION}`, cfg('details'), (_request, reply) =>
        send(reply, {
          version: OCPI_VERSION,
          endpoints: [
            // The credentials module is symmetric; 2.2.1 advises SENDER for one's own endpoint.
            { identifier: 'credentials', role: 'SENDER', url: `${base}/credentials` },
            { identifier: 'hubclientinfo', role: 'RECEIVER', url: `${base}/hubclientinfo` },
            ...(deps.tokens ? [{ identifier: 'tokens', role: 'RECEIVER', url: `${base}/tokens` }] : []),
            ...deps.senders.map((m) => ({
              identifier: m.identifier,
              role: 'SENDER',
              url: `${base}/${m.identifier}`,
            })),
            ...(deps.commands ? [{ identifier: 'commands', role: 'RECEIVER', url: `${base}/commands` }] : []),
          ],
        }),
      );

      const credentials = `/${OCPI_VERSION}/credentials`;
      scope.get(credentials, cfg('credentials'), (request, reply) =>
        send(reply, deps.inbound.credentials(callerOf(request))),
      );
      scope.post(credentials, cfg('credentials'), async (request, reply) =>
        send(reply, await deps.inbound.register(callerOf(request), request.body)),
      );
      scope.put(credentials, cfg('credentials'), async (request, reply) =>
        send(reply, await deps.inbound.update(callerOf(request), request.body)),
      );
      scope.delete(credentials, cfg('credentials'), async (request, reply) => {
        await deps.inbound.unregister(callerOf(request));
        return send(reply, undefined);
      });

      // Hub client info, receiver (15.2.2): a hub tells which parties are connected to it.
      const hubClient = `/${OCPI_VERSION}/hubclientinfo/:countryCode/:partyId`;
      type HubParams = { countryCode: string; partyId: string };
      scope.put<{ Params: HubParams }>(hubClient, cfg('hubclientinfo'), async (request, reply) => {
        const { countryCode, partyId } = request.params;
        await deps.inbound.storeHubClient(callerOf(request), countryCode, partyId, request.body);
        return send(reply, undefined);
      });
      scope.get<{ Params: HubParams }>(hubClient, cfg('hubclientinfo'), (request, reply) => {
        const { countryCode, partyId } = request.params;
        const found = deps.inbound.hubClient(callerOf(request), countryCode, partyId);
        if (!found)
          return reply
            .status(404)
            .send(envelope(undefined, clock.now(), OCPI_STATUS.clientError, 'Unknown party'));
        return send(reply, found);
      });

      // Tokens, receiver (12.2.2): an eMSP's tokens pushed to Voltline.
      const tokens = deps.tokens;
      if (tokens) {
        const tokenPath = `/${OCPI_VERSION}/tokens/:countryCode/:partyId/:uid`;
        type TokenRoute = { Params: Record<string, string>; Querystring: { type?: string } };
        const keyOf = (request: FastifyRequest<TokenRoute>) =>
          tokens.key(callerOf(request).partner, request.params, request.query.type);
        scope.get<TokenRoute>(tokenPath, cfg('tokens'), async (request, reply) => {
          const found = await tokens.get(callerOf(request).partner, keyOf(request));
          if (!found)
            return reply
              .status(404)
              .send(envelope(undefined, clock.now(), OCPI_STATUS.unknownToken, 'Unknown token'));
          return send(reply, found);
        });
        scope.put<TokenRoute>(tokenPath, cfg('tokens'), async (request, reply) => {
          await tokens.put(callerOf(request).partner, keyOf(request), request.body);
          return send(reply, undefined);
        });
        scope.patch<TokenRoute>(tokenPath, cfg('tokens'), async (request, reply) => {
          await tokens.patch(callerOf(request).partner, keyOf(request), request.body);
          return send(reply, undefined);
        });
      }

      // Commands, receiver (13.2.2): POST {url}/{command}; the result goes later to its response_url.
      const commands = deps.commands;
      if (commands) {
        type CommandParams = { command: string };
        scope.post<{ Params: CommandParams }>(
          `/${OCPI_VERSION}/commands/:command`,
          cfg('commands'),
          async (request, reply) =>
            send(reply, await commands.receive(callerOf(request), request.params.command, request.body)),
        );
      }

      for (const m of deps.senders) {
        scope.get(`/${OCPI_VERSION}/${m.identifier}`, cfg(m.identifier), async (request, reply) => {
          const page = pageQuery(request.query as Record<string, unknown>);
          const { items, total } = await m.list(callerOf(request), page);
          reply.headers(pageHeaders(`${publicUrl}${request.url}`, page, total));
          return send(reply, items);
        });
        const one = m.one?.bind(m);
        if (!one) continue;
        const path = `/${OCPI_VERSION}/${m.identifier}/:a`;
        for (const route of [path, `${path}/:b`, `${path}/:b/:c`]) {
          scope.get(route, cfg(m.identifier), async (request, reply) => {
            const ids = Object.values(request.params as Record<string, string>);
            const found = await one(callerOf(request), ids);
            if (found === null)
              return reply
                .status(404)
                .send(
                  envelope(
                    undefined,
                    clock.now(),
                    OCPI_STATUS.unknownLocation,
                    `Unknown object ${ids.join('/')}`,
                  ),
                );
            return send(reply, found);
          });
        }
      }
      done();
    },
    { prefix: '/ocpi' },
  );
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.length <= 255 ? text : undefined;
}
