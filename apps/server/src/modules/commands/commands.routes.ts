import {
  API,
  answerOutcome,
  COMMAND_NAMES,
  COMMAND_PERMISSIONS,
  CommandBodies,
  CommandRecord,
  Id,
  PageQuery,
  ok,
  page,
  permissionsForCommand,
} from '@voltline/contract';
import { AppError } from '../../lib/errors.js';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { CommandsService } from './commands.service.js';
import { transactionStatusWords } from './transaction-status.js';
import { displayAnswerWords } from './display-words.js';

export function commandRoutes(app: App, { commands }: { commands: CommandsService }) {
  for (const name of COMMAND_NAMES) {
    app.post(
      `/${API.commands.send(name)}`,
      {
        // Each command needs its area's permission too (firmware, bookings, smart charging...),
        // some also by what the body asks: all checked before the body is validated.
        config: {
          permission: 'commands:write',
          alsoNeeds: COMMAND_PERMISSIONS[name],
          bodyNeeds: (body) => permissionsForCommand(name, body),
        },
        schema: {
          tags: ['commands'],
          summary: `Send ${name} to a charge point and return its answer`,
          body: CommandBodies[name],
          // commandId: a remote start's record, to follow it to its outcome (remote-start.routes.ts).
          response: {
            200: ok(z.record(z.string(), z.unknown())).extend({ commandId: z.number().optional() }),
          },
        },
      },
      async (request) => {
        const ctx = ctxOf(request);
        // Again on the validated body (a trimmed key may only now name AuthorizationKey).
        if (!permissionsForCommand(name, request.body).every((p) => ctx.actor.permissions.has(p))) {
          throw new AppError(403, 'error.forbidden');
        }
        const { answer, recordId } = await commands.sendWithRecord(ctx, name, request.body);
        // An accepted remote start is not yet a charge: no success message; the portal follows
        // the command to its outcome (started, refused, nothing in time) and says that.
        if (name === 'startTransaction' && answer.status === 'Accepted')
          return { data: answer, commandId: recordId };
        if (name === 'getTransactionStatus') {
          const { key, params } = transactionStatusWords(answer);
          return { data: answer, message: translate(request.locale, key, params) };
        }
        const display = displayAnswerWords(name, answer);
        if (display) {
          const message = translate(request.locale, display.key);
          return display.refused ? { data: answer, message, refused: true } : { data: answer, message };
        }
        const status = typeof answer.status === 'string' ? answer.status : undefined;
        if (!status) return { data: answer };
        const parts = typeof answer.messages === 'number' ? answer.messages : 1;
        if (typeof answer.refusedPart === 'number') {
          // A list in parts stopped there: the charger holds part of it, unless it refused the first.
          const words = { part: answer.refusedPart, parts, status };
          const key = answer.refusedPart === 1 ? 'command.refusedFirstPart' : 'command.refusedPart';
          return {
            data: answer,
            message: translate(request.locale, key, words),
            refused: true,
          };
        }
        if (parts > 1 && status === 'Accepted') {
          return { data: answer, message: translate(request.locale, 'command.sentInParts', { parts }) };
        }
        // Rejected, Occupied, NotSupported...: said as a refusal, and flagged so the portal shows one.
        return answerOutcome(status) === 'refusal'
          ? { data: answer, message: translate(request.locale, 'command.refused', { status }), refused: true }
          : { data: answer, message: translate(request.locale, 'command.answered', { status }) };
      },
    );
  }

  app.get(
    `/portal/ChargePoint/:id/commands`,
    {
      config: { permission: 'commands:read' },
      schema: {
        tags: ['commands'],
        summary: 'The commands sent to a charge point and what became of each, newest first',
        params: z.object({ id: Id }),
        querystring: PageQuery,
        response: { 200: ok(page(CommandRecord)) },
      },
    },
    async (request) => ({
      data: await commands.history(
        ctxOf(request),
        request.params.id,
        request.query.index,
        request.query.size,
      ),
    }),
  );
}
