import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import type { HealthService } from './health.service.js';

const Healthy = {
  config: { permission: 'public' as const },
  schema: {
    tags: ['health'],
    response: { 200: z.object({ status: z.literal('ok'), database: z.string(), version: z.string() }) },
  },
};

export function healthRoutes(app: App, { health }: { health: HealthService }) {
  app.get('/health', Healthy, () => health.check());
  // For load balancers and orchestrators: live while the process runs; ready while it can serve
  // (503 from the start of a shutdown, or without its database or NATS link).
  app.get(
    '/health/live',
    {
      config: { permission: 'public' },
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    () => ({ status: 'ok' as const }),
  );
  app.get('/health/ready', Healthy, () => health.ready());
}
