import { deviceModelRoutes } from './modules/device-model/device-model.routes.js';
import { displayMessageRoutes } from './modules/display-messages/display-messages.routes.js';
import { chargerLimitsRoutes } from './modules/charger-limits/charger-limits.routes.js';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes.js';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.js';
import { looksLikeApiKey } from './modules/api-keys/api-key-secret.js';
import { bearerToken } from './lib/request.js';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.js';
import { sandboxPageRoutes } from './modules/payment-providers/sandbox-page.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import { connect as connectToNats, type NatsConnection } from '@nats-io/transport-node';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
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
import { auditRoutes } from './modules/audit/audit.routes.js';
import { bookingRoutes } from './modules/bookings/bookings.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { operatorRoutes } from './modules/operators/operators.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { driverRoutes } from './modules/drivers/drivers.routes.js';
import { driverDetailRoutes } from './modules/drivers/driver-details.routes.js';
import { commandRoutes } from './modules/commands/commands.routes.js';
import { remoteStartRoutes } from './modules/commands/remote-start.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { rawCallRoutes } from './modules/commands/raw-calls.routes.js';
import { bulkRoutes } from './modules/bulk/bulk.routes.js';
import { chargePointRoutes } from './modules/charge-points/charge-points.routes.js';
import { chargePointInsightRoutes } from './modules/charge-points/insights.routes.js';
import { pendingChargePointRoutes } from './modules/charge-points/pending.routes.js';
import { connectorRoutes } from './modules/charge-points/connectors.routes.js';
import { referenceRoutes } from './modules/charge-points/reference.routes.js';
import { tariffRoutes } from './modules/tariffs/tariffs.routes.js';
import { receiptRoutes } from './modules/receipts/receipts.routes.js';
import { sessionRoutes } from './modules/sessions/sessions.routes.js';
import { paymentRoutes } from './modules/payments/payments.routes.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.js';
import { ocppLogRoutes } from './modules/ocpp-logs/ocpp-logs.routes.js';
import { eventFeedRoutes } from './modules/events/feed.routes.js';
import { customerInformationRoutes } from './modules/customer-information/customer-information.routes.js';
import { diagnosticsRoutes } from './modules/diagnostics/diagnostics.routes.js';
import { fileRoutes, withoutFileTokens } from './modules/files/files.routes.js';
import { firmwareRoutes } from './modules/firmware/firmware.routes.js';
import { campaignRoutes } from './modules/firmware/campaigns.routes.js';
import { securityRoutes } from './modules/security/security.routes.js';
import { securityProfileRoutes } from './modules/security/security-profiles.routes.js';
import { networkProfileRoutes } from './modules/security/network-profiles.routes.js';
import { smartChargingRoutes } from './modules/smart-charging/smart-charging.routes.js';
import { CertificateAuthority } from './modules/security/certificate-authority.js';
import { httpsOptions } from './modules/security/tls.js';
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
    allowList: (request) => !isApiRoute(request.routeOptions.url),
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
  // Integration events and the webhook delivery log past their retention, every hour and at start.
  every('integrationsRetention', 3_600_000, () => services.integrationRetention.run());

  await app.register(
    (api: App, _opts, done) => {
      healthRoutes(api, services);
      authRoutes(api, services);
      userRoutes(api, services);
      operatorRoutes(api, services);
      driverRoutes(api, services);
      driverDetailRoutes(api, services);
      customerInformationRoutes(api, services);
      auditRoutes(api, services);
      commandRoutes(api, services);
      remoteStartRoutes(api, services);
      searchRoutes(api, services);
      rawCallRoutes(api, services);
      bulkRoutes(api, services);
      chargePointRoutes(api, services);
      chargePointInsightRoutes(api, services);
      pendingChargePointRoutes(api, services);
      connectorRoutes(api, services);
      deviceModelRoutes(api, services);
      displayMessageRoutes(api, services);
      chargerLimitsRoutes(api, services);
      monitoringRoutes(api, services);
      referenceRoutes(api, services);
      tariffRoutes(api, services);
      sessionRoutes(api, services);
      receiptRoutes(api, services);
      paymentRoutes(api, services);
      analyticsRoutes(api, services);
      ocppLogRoutes(api, services);
      diagnosticsRoutes(api, services);
      maintenanceRoutes(api, services);
      securityRoutes(api, services);
      firmwareRoutes(api, services);
      campaignRoutes(api, services);
      securityProfileRoutes(api, services);
      networkProfileRoutes(api, services);
      bookingRoutes(api, services);
      smartChargingRoutes(api, services);
      eventFeedRoutes(api, services);
      apiKeyRoutes(api, services);
      webhookRoutes(api, services);
      done();
    },
    { prefix: '/api' },
  );
  // Chargers' firmware downloads: outside /api, the signed link is the authorisation.
  fileRoutes(app, services);
  // The sandbox payment provider's card page: outside /api, the hold's random id is the key.
  await sandboxPageRoutes(app, services.paymentProviders.sandbox);
  // Prometheus metrics: outside /api (no rate limit, no user token), METRICS_TOKEN or METRICS_PORT.
  const metricsEndpoint = registerMetrics(app, config, services.metrics);
  app.decorate('metricsPort', () => metricsEndpoint.port());

  if (hasPortal) await registerPortal(app, config.webDist);
  return app;
}

/**
 * Runs a background job at start and then every `ms`, until the app closes, in the process that
 * leads (a single process always does); failures are logged.
 */
function everyOnLeader(
  app: App,
  ms: number,
  leading: () => boolean,
  job: () => Promise<unknown>,
  name: string,
  counted: (job: string) => void,
) {
  const run = () => {
    if (!leading()) return;
    counted(name);
    void job().catch((err: unknown) => app.log.error({ err, job: name }, 'background job failed'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', () => {
    timer = setInterval(run, ms);
    timer.unref();
    run();
    return Promise.resolve();
  });
  app.addHook('onClose', () => {
    clearInterval(timer);
    return Promise.resolve();
  });
}

/** The NATS link of a cluster process; it reconnects by itself when NATS restarts. */
async function connectNats(config: Config, log: FastifyBaseLogger): Promise<NatsConnection> {
  const nc = await connectToNats({
    servers: (config.NATS_URL ?? '').split(','),
    name: `voltline ${config.nodeId}`,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
  });
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnect') log.warn({ nats: s.type }, `NATS ${s.type}`);
    }
  })();
  return nc;
}

/**
 * Calls without a body (restore, refund, logout) often still carry a Content-Type — browsers'
 * HTTP clients add one. An empty body is accepted as "no body" whatever it claims to be; a
 * non-empty body must be JSON.
 */
function acceptEmptyBodies(app: App) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString();
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch (err) {
      const error = err as Error & { statusCode?: number; code?: string };
      error.statusCode = 400;
      error.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
      done(error, undefined);
    }
  });
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'text/plain'],
    { parseAs: 'string' },
    (_req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString();
      if (text.trim() === '') return done(null, undefined);
      const error = new Error('Unsupported Media Type') as Error & { statusCode?: number };
      error.statusCode = 415;
      done(error, undefined);
    },
  );
}

/** Serves the built portal; unknown non-API paths get index.html so deep links into the SPA work. */
async function registerPortal(app: App, dist: string) {
  await app.register(fastifyStatic, {
    root: dist,
    index: ['index.html'],
    // The build writes brotli and gzip copies of every text file; the one the browser accepts is
    // sent with its Content-Encoding and `Vary: Accept-Encoding`, compressed once, not per request.
    preCompressed: true,
    setHeaders: (res, file) => {
      // Hashed assets never change; everything else is revalidated.
      res.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

/** A route of the API (by its declared pattern, not the path as the client wrote it). */
function isApiRoute(url: string | undefined): boolean {
  return url !== undefined && url.startsWith('/api/');
}
