import { looksLikeApiKey } from './modules/api-keys/api-key-secret.js';
import { bearerToken } from './lib/request.js';
import { sandboxPageRoutes } from './modules/payment-providers/sandbox-page.js';
import { adhocRoutes } from './modules/adhoc/adhoc.routes.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { App } from './lib/app-type.js';
import type { Clock } from './lib/clock.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerTextGuard } from './plugins/text-guard.js';
import { registerMetrics } from './plugins/metrics.js';
import { fileRoutes, withoutFileTokens } from './modules/files/files.routes.js';
import { CertificateAuthority } from './modules/security/certificate-authority.js';
import { httpsOptions } from './modules/security/tls.js';
import { apiRoutes } from './api-routes.js';
import { everyOnLeader } from './cluster/every-on-leader.js';
import { connectNats } from './cluster/nats.js';
import { acceptEmptyBodies } from './plugins/bodies.js';
import { registerPortal } from './plugins/portal.js';
import { ocpiRoutes } from './modules/roaming/ocpi.routes.js';
import { createServices, type Services } from './services.js';
import { VERSION } from './version.js';

export type { App } from './lib/app-type.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services this app was built with, for main.ts and tests; routes receive theirs explicitly. */
    services: Services;
    /** The port `GET /metrics` listens on when METRICS_PORT is set (null otherwise). */
    metricsPort(): number | null;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  clock?: Clock;
}

const API_DESCRIPTION =
  'Every route takes `Authorization: Bearer <token>`: a portal sign-in token, or an API key ' +
  "(`vl_live_…`) made on the portal's Integrations screen.";
const API_KEY_AUTH =
  'An API key: `Authorization: Bearer vl_live_…`. The key has the permissions of its role (or its ' +
  'own narrower list) over its operator and those below, exactly as a user with them; it may be ' +
  'limited to source addresses, expires, and stops at once when revoked. Each key has its own rate ' +
  'limit (API_KEY_RATE_LIMIT_PER_MINUTE, 429 past it); what it changes is audited as the key. A key ' +
  'cannot sign out, read /portal/Auth/me or manage API keys.';

const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/** Fastify's request log line, with the credential of a signed file link cut out of the URL. */
const serializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: withoutFileTokens(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};

export async function buildApp({ config, database, mailer, clock }: AppOptions): Promise<App> {
  // Voltline's CA is trusted for chargers' client certificates from the first TLS handshake on.
  const authority = new CertificateAuthority(config.ca);
  const https = config.tls ? await httpsOptions(config.tls, authority) : null;
  const app = Fastify({
    ...(https ? { https } : {}),
    logger: { level: config.LOG_LEVEL, redact: REDACT, serializers },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // A number: that many proxies in front are believed, hop by hop from the socket's address.
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (() => {
            const hops = config.TRUST_PROXY;
            return (_address: string, hop: number) => hop < hops;
          })()
        : config.TRUST_PROXY,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  acceptEmptyBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // A cluster's processes reach each other's chargers through NATS.
  const nats = config.NATS_URL ? await connectNats(config, app.log) : null;
  const services = createServices({
    config,
    database,
    log: app.log,
    authority,
    nats,
    ...(clock ? { clock } : {}),
    mailer:
      mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        dataDir: config.DATA_DIR,
        log: app.log,
      }),
  });
  app.decorate('services', services);

  const hasPortal = existsSync(path.join(config.webDist, 'index.html'));
  if (!hasPortal)
    app.log.warn({ dist: config.webDist }, 'portal build not found; run `npm run build` to serve it');
  registerErrorHandling(app, hasPortal);

  const { ocpp } = services;
  app.addHook('onReady', async () => {
    // Alive before any charger connects: the leader never takes this process's chargers for lost.
    await services.nodes.start();
    await services.leader.start();
    // Commands this process sent before a crash never got their answer: recorded as lost.
    await services.commands.markLost();
    await ocpp.start(app.server);
    services.webhookWorker.start();
  });
  // Chargers' sockets are closed before the HTTP server, which would otherwise wait for them.
  app.addHook('preClose', async () => {
    services.health.shuttingDown();
    // E-mails of answers already given (password reset, registration) go out before the end.
    await services.auth.idle();
    await services.webhookWorker.stop();
    await ocpp.stop();
    await services.nodes.stop();
    services.leaderWork.close();
    await services.leader.stop();
    await nats?.drain().catch((err: unknown) => app.log.warn({ err }, 'NATS drain failed'));
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Ant Design writes its styles at run time; map tiles come from the configured tile server.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  if (config.CORS_ORIGIN) {
    const { default: cors } = await import('@fastify/cors');
    await app.register(cors, { origin: config.CORS_ORIGIN.split(',').map((o) => o.trim()) });
  }
  // The API is limited per address; the portal's own files are not (a first visit loads dozens).
  // The limit goes by the route the router matched (it ignores case: `/API/...` is `/api/...`),
  // and it runs before authentication, so refused tokens are counted too.
  await app.register(rateLimit, {
    global: false,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // Outside /api, only the routes that ask for a limit have one (the public pay form).
    allowList: (request) => !isApiRoute(request.routeOptions.url) && !request.routeOptions.config.rateLimit,
  });
  const apiLimit = app.rateLimit();
  // An API key is counted by its own limit once it is known (plugins/auth.ts); a refused key by
  // the address limit, and so is any request to a public route, whatever bearer it carries.
  const keyLimit = app.rateLimit({
    max: config.API_KEY_RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request) => `apiKey:${request.ctx?.actor.apiKey?.id ?? request.ip}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    // A route with its own limit (sign-in, reset) is counted by that limit alone.
    if (
      isApiRoute(request.routeOptions.url) &&
      !request.routeOptions.config.rateLimit &&
      !(request.routeOptions.config.permission !== 'public' && looksLikeApiKey(bearerToken(request)))
    ) {
      await apiLimit.call(app, request, reply);
    }
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Voltline API', version: VERSION, description: API_DESCRIPTION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A portal sign-in token' },
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'vl_live_…', description: API_KEY_AUTH },
        },
      },
      security: [{ bearer: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerAuth(app, {
    defaultLocale: config.DEFAULT_LOCALE,
    tokens: services.tokens,
    auth: services.auth,
    keys: {
      isKey: looksLikeApiKey,
      actorOf: (token, ip) => services.apiKeyAuth.actorOf(token, ip),
      keyLimit: (request, reply) => keyLimit.call(app, request, reply),
      addressLimit: (request, reply) => apiLimit.call(app, request, reply),
    },
  });
  // After the permission checks (hooks run in the order they are added): permission first.
  registerTextGuard(app);
  // Background jobs run in one process of a cluster, the leader (see cluster/leader.ts).
  const every = (name: string, ms: number, job: () => Promise<unknown>) =>
    everyOnLeader(
      app,
      ms,
      () => services.leader.isLeader,
      job,
      name,
      (n) => services.metrics.jobRuns.inc({ job: n }),
    );
  // Chargers held by a process that fell silent (killed, frozen) are shown offline.
  every('lostProcesses', services.nodes.intervalMs, () => services.nodes.releaseLost());
  // The stale-session rule runs every 10 minutes, and once at start.
  every('staleSessions', 600_000, () => services.sessions.closeStale());
  // Diagnostics files past their retention are deleted every hour, and once at start.
  every('diagnosticsRetention', 3_600_000, () => services.diagnostics.purgeExpired());
  // Firmware campaigns move on: time-outs, chargers back online, the next batch, the pause threshold.
  every('firmwareCampaigns', 5_000, () => services.rollout.tick());
  // Smart-charging groups: schedule boundaries, measured power and samples, every 5 s.
  every('smartCharging', 5_000, () => services.balancer.tick());
  // Chargers whose certificate ends within 30 days are asked for a new one, every hour and at start.
  every('certificateRenewal', 3_600_000, () => services.certificateRenewal.run());
  // Bookings past their expiry stop holding their connector.
  every('bookingExpiry', 30_000, () => services.bookings.expire());
  // Ad-hoc payments a closed browser left: starts that timed out, charges to capture, receipts to mail.
  every('adhocPayments', 5_000, () => services.adhoc.sweep());
  // Alerts (issue #33): chargers offline past their rule's delay raise or join an alert; back, it clears.
  every('alerts', 15_000, () => services.alerts.evaluateAlerts());
  // Roaming partners are sent what changed (tariffs, locations, EVSE statuses) every 2 s (issue #31).
  every('roamingPush', 2_000, () => services.roamingPusher.run());
  // Partners' tokens lists are read a minute after registering at the latest, then every 15 minutes.
  every('roamingTokensPull', 60_000, () => services.roamingTokensPull.pullDue());
  // Integration events and the webhook delivery log past their retention, every hour and at start.
  every('integrationsRetention', 3_600_000, () => services.integrationRetention.run());

  await app.register(
    (api: App, _opts, done) => {
      apiRoutes(api, services);
      done();
    },
    { prefix: '/api' },
  );
  // Chargers' firmware downloads: outside /api, the signed link is the authorisation.
  fileRoutes(app, services);
  // The sandbox payment provider's card page: outside /api, the hold's random id is the key.
  await sandboxPageRoutes(app, services.paymentProviders.sandbox);
  // Ad-hoc payment's public pages and the providers' webhooks: outside /api, no account.
  await adhocRoutes(app, services.adhoc);
  // Roaming partners' OCPI 2.2.1 interface: outside /api, their credentials token is the key.
  await ocpiRoutes(app, {
    inbound: services.roamingInbound,
    clock: services.clock,
    own: services.roamingSettings.own,
    publicUrl: config.PUBLIC_URL,
    rateLimitPerMinute: config.OCPI_RATE_LIMIT_PER_MINUTE,
    senders: services.roamingSenders,
    tokens: services.roamingTokens,
    commands: services.roamingCommands,
  });
  // Prometheus metrics: outside /api (no rate limit, no user token), METRICS_TOKEN or METRICS_PORT.
  const metricsEndpoint = registerMetrics(app, config, services.metrics);
  app.decorate('metricsPort', () => metricsEndpoint.port());

  if (hasPortal) await registerPortal(app, config.webDist);
  return app;
}

/** A route of the API (by its declared pattern, not the path as the client wrote it). */
function isApiRoute(url: string | undefined): boolean {
  return url !== undefined && url.startsWith('/api/');
}
