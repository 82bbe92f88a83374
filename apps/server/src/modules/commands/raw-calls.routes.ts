import { API, RAW_CALL_PERMISSIONS, RawCallBody, RawCallResult, ok } from '@voltline/contract';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { RawCallsService } from './raw-calls.service.js';

export function rawCallRoutes(app: App, { rawCalls }: { rawCalls: RawCallsService }) {
  app.post(
    `/${API.commands.send('call')}`,
    {
      config: { permission: 'commands:write', alsoNeeds: RAW_CALL_PERMISSIONS },
      schema: {
        tags: ['commands'],
        summary:
          "Send any request of the charge point's own OCPP version, checked against its official schema, and return the charger's reply or CALLERROR",
        body: RawCallBody,
        response: { 200: ok(RawCallResult) },
      },
    },
    async (request) => {
      const result = await rawCalls.send(ctxOf(request), request.body);
      const { action } = request.body;
      if (result.callError) {
        // The charger's CALLERROR is its answer: said in words as a refusal, never a success.
        const { code, description } = result.callError;
        const words = { action, code, description };
        return {
          data: result,
          message: translate(request.locale, 'rawCall.callError', words),
          refused: true,
        };
      }
      return { data: result, message: translate(request.locale, 'rawCall.answered', { action }) };
    },
  );
}
