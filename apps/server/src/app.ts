import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
import type { Database, Db } from './db/client.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { TokenService } from './lib/tokens.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/errors.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { operatorRoutes } from './modules/operators/operators.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { driverRoutes } from './modules/drivers/drivers.routes.js';
import { driverDetailRoutes } from './modules/drivers/driver-details.routes.js';
import { commandRoutes } from './modules/commands/commands.routes.js';
import { chargePointRoutes } from './modules/charge-points/charge-points.routes.js';
import { connectorRoutes } from './modules/charge-points/connectors.routes.js';
import { referenceRoutes } from './modules/charge-points/reference.routes.js';
import { tariffRoutes } from './modules/tariffs/tariffs.routes.js';
import { sessionRoutes } from './modules/sessions/sessions.routes.js';
import { paymentRoutes } from './modules/payments/payments.routes.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { ocppLogRoutes } from './modules/ocpp-logs/ocpp-logs.routes.js';
import { CentralSystem } from './ocpp/central-system.js';

export const VERSION = '1.1.5';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    tokens: TokenService;
    mailer: Mailer;
    ocpp: CentralSystem;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
}

const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

export async function buildApp({ config, database, mailer }: AppOptions): Promise<App> {
  const app = Fastify({
    ...(config.tls ? { https: config.tls } : {}),
    logger: { level: config.LOG_LEVEL, redact: REDACT },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  acceptEmptyBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('tokens', new TokenService(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS));
  app.decorate(
    'mailer',
    mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        dataDir: config.DATA_DIR,
        log: app.log,
      }),
  );

  const hasPortal = existsSync(path.join(config.webDist, 'index.html'));
  if (!hasPortal)
    app.log.warn({ dist: config.webDist }, 'portal build not found; run `npm run build` to serve it');
  registerErrorHandling(app, hasPortal);

  const ocpp = new CentralSystem({
    db: database.db,
    log: app.log,
    nodeId: config.nodeId,
    callTimeoutMs: config.OCPP_CALL_TIMEOUT_SECONDS * 1000,
    logRetentionDays: config.OCPP_LOG_RETENTION_DAYS,
  });
  app.decorate('ocpp', ocpp);
  app.addHook('onReady', () => ocpp.start(app.server));
  // Chargers' sockets are closed before the HTTP server, which would otherwise wait for them.
  app.addHook('preClose', () => ocpp.stop());
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
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Voltline API', version: VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerAuth(app);

  await app.register(
    (api: App, _opts, done) => {
      healthRoutes(api);
      authRoutes(api);
      userRoutes(api);
      operatorRoutes(api);
      driverRoutes(api);
      driverDetailRoutes(api);
      auditRoutes(api);
      commandRoutes(api);
      chargePointRoutes(api);
      connectorRoutes(api);
      referenceRoutes(api);
      tariffRoutes(api);
      sessionRoutes(api);
      paymentRoutes(api);
      analyticsRoutes(api);
      ocppLogRoutes(api);
      done();
    },
    { prefix: '/api' },
  );

  if (hasPortal) await registerPortal(app, config.webDist);
  return app;
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
    setHeaders: (res, file) => {
      // Hashed assets never change; everything else is revalidated.
      res.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
