import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import type { HealthService } from './health.service.js';

export function healthRoutes(app: App, { health }: { health: HealthService }) {
  app.get(
    '/health',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string(), version: z.string() }),
        },
      },
    },
    () => health.check(),
  );
}
