import { z } from 'zod';
import type { App } from '../../app.js';
import { ping } from '../../db/client.js';

export function healthRoutes(app: App) {
  app.get(
    '/health',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
      },
    },
    async () => {
      await ping(app.db);
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
}
