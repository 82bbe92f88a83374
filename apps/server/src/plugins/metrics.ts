import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Metrics } from '../lib/metrics.js';

/** Compares the bearer token without leaking its length or prefix through timing. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * `GET /metrics` in Prometheus text format. With METRICS_PORT, on a port of its own (the main port
 * does not serve it); otherwise on the main port with `Authorization: Bearer <METRICS_TOKEN>`; with
 * neither, not at all (404). Returns the metrics port once listening, for main.ts and tests.
 */
export function registerMetrics(
  app: FastifyInstance,
  config: Pick<Config, 'METRICS_PORT' | 'METRICS_TOKEN' | 'HOST'>,
  metrics: Metrics,
): { port(): number | null } {
  const token = config.METRICS_TOKEN;
  let server: Server | undefined;
  if (config.METRICS_PORT !== undefined) {
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (req.method !== 'GET' || path !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      if (token && !tokenMatches(req.headers.authorization, token)) {
        res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
        return;
      }
      metrics.text().then(
        (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
        (err: unknown) => {
          app.log.error({ err }, 'metrics collection failed');
          res.writeHead(500).end();
        },
      );
    });
    const listening = server;
    app.addHook('onReady', () => {
      return new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(config.METRICS_PORT, config.HOST, () => resolve());
      });
    });
    app.addHook('onClose', () => new Promise<void>((resolve) => listening.close(() => resolve())));
  }
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (server || !token) return reply.code(404).send({ error: 'Not found' });
    if (!tokenMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'Unauthorized' });
    }
    return reply.type(metrics.contentType).send(await metrics.text());
  });
  return {
    port() {
      const address = server?.address();
      return typeof address === 'object' && address ? address.port : null;
    },
  };
}
