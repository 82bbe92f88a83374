import {
  API,
  DisplayMessageSendResult,
  DisplayMessagesSendBody,
  Id,
  StoredDisplayMessage,
  ok,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { DisplayMessagesService } from './display-messages.service.js';

const tags = ['displayMessages'];

export function displayMessageRoutes(
  app: App,
  { displayMessages }: { displayMessages: DisplayMessagesService },
) {
  app.get(
    `/${API.chargePoints.displayMessages(':id')}`,
    {
      config: { permission: 'chargePoints:read' },
      schema: {
        tags,
        summary: 'The display messages a charge point holds, as Voltline last learned them',
        params: z.object({ id: Id }),
        response: { 200: ok(z.array(StoredDisplayMessage)) },
      },
    },
    async (request) => ({ data: await displayMessages.list(ctxOf(request), request.params.id) }),
  );

  app.post(
    `/${API.commands.displayMessages}`,
    {
      config: { permission: 'commands:write' },
      schema: {
        tags,
        summary: 'Send one display message to several charge points; answered per charge point',
        body: DisplayMessagesSendBody,
        response: { 200: ok(z.array(DisplayMessageSendResult)) },
      },
    },
    async (request) => {
      const outcomes = await displayMessages.sendToMany(ctxOf(request), request.body);
      const data = outcomes.map(({ key, params, ...o }) => ({
        ...o,
        message: translate(request.locale, key, params),
      }));
      const accepted = data.filter((d) => d.outcome === 'accepted').length;
      // Any charger that does not hold the message makes the whole answer a refusal.
      return accepted === data.length ? { data } : { data, refused: true };
    },
  );
}
