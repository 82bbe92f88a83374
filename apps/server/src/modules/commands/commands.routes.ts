import { API, COMMAND_NAMES, CommandBodies, ok } from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { CommandsService } from './commands.service.js';

export function commandRoutes(app: App, { commands }: { commands: CommandsService }) {
  for (const name of COMMAND_NAMES) {
    app.post(
      `/${API.commands.send(name)}`,
      {
        config: { permission: 'commands:write' },
        schema: {
          tags: ['commands'],
          summary: `Send ${name} to a charge point and return its answer`,
          body: CommandBodies[name],
          response: { 200: ok(z.record(z.string(), z.unknown())) },
        },
      },
      async (request) => {
        const answer = await commands.send(ctxOf(request), name, request.body);
        const status = typeof answer.status === 'string' ? answer.status : undefined;
        return status
          ? { data: answer, message: translate(request.locale, 'command.answered', { status }) }
          : { data: answer };
      },
    );
  }
}
