import { API, Id, RemoteStartOutcome, ok } from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { ctxOf } from '../../lib/request.js';
import type { RemoteStartOutcomes } from './remote-start.js';

export function remoteStartRoutes(app: App, { remoteStarts }: { remoteStarts: RemoteStartOutcomes }) {
  app.get(
    `/${API.commands.remoteStartOutcome(':id')}`,
    {
      config: { permission: 'commands:read' },
      schema: {
        tags: ['commands'],
        summary: 'What became of a remote start the charger accepted: started, refused, or nothing in time',
        params: z.object({ id: Id }),
        response: { 200: ok(RemoteStartOutcome) },
      },
    },
    async (request) => ({ data: await remoteStarts.outcome(ctxOf(request), request.params.id) }),
  );
}
