import {
  API,
  Id,
  NetworkPriorityAnswer,
  NetworkPriorityBody,
  NetworkProfileAnswer,
  NetworkProfileBody,
  answerOutcome,
  ok,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { NetworkProfiles } from './network-profiles.service.js';

const tags = ['chargePoints'];
const params = z.object({ id: Id });
// A change of how the charger reaches Voltline, sent as remote commands: both permissions.
const config = { permission: 'chargePoints:write', alsoNeeds: ['commands:write'] } as const;

export function networkProfileRoutes(app: App, { networkProfiles }: { networkProfiles: NetworkProfiles }) {
  app.post(
    `/${API.chargePoints.networkProfile(':id')}`,
    {
      config,
      schema: {
        tags,
        summary:
          'OCPP 2.0.1 B09: SetNetworkProfile of one configuration slot; never below the charger’s security profile',
        params,
        body: NetworkProfileBody,
        response: { 200: ok(NetworkProfileAnswer) },
      },
    },
    async (request) => {
      const data = await networkProfiles.set(ctxOf(request), request.params.id, request.body);
      return {
        data,
        message: translate(request.locale, 'networkProfile.set', {
          status: data.status,
          slot: request.body.configurationSlot,
        }),
        ...(answerOutcome(data.status) === 'refusal' ? { refused: true } : {}),
      };
    },
  );

  app.post(
    `/${API.chargePoints.networkPriority(':id')}`,
    {
      config,
      schema: {
        tags,
        summary:
          'OCPP 2.0.1 B10: OCPPCommCtrlr.NetworkConfigurationPriority, then a Reset so the charger reconnects through the first slot',
        params,
        body: NetworkPriorityBody,
        response: { 200: ok(NetworkPriorityAnswer) },
      },
    },
    async (request) => {
      const data = await networkProfiles.prioritise(ctxOf(request), request.params.id, request.body);
      const message =
        data.reset === null
          ? translate(request.locale, 'networkProfile.priority', { status: data.status })
          : translate(request.locale, 'networkProfile.reset', { status: data.status, reset: data.reset });
      const refused =
        answerOutcome(data.status) === 'refusal' || answerOutcome(data.reset ?? '') === 'refusal';
      return { data, message, ...(refused ? { refused: true } : {}) };
    },
  );
}
