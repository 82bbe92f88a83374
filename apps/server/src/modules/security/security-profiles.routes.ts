import {
  API,
  ChargePointSecurity,
  Id,
  SecurityProfileBody,
  SecurityProfileChange,
  answerOutcome,
  ok,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { CommandsService } from '../commands/commands.service.js';
import type { SecurityProfiles } from './security-profiles.service.js';

const tags = ['chargePoints'];
const params = z.object({ id: Id });

export function securityProfileRoutes(
  app: App,
  { securityProfiles, commands }: { securityProfiles: SecurityProfiles; commands: CommandsService },
) {
  app.get(
    `/${API.chargePoints.securityProfile(':id')}`,
    {
      config: { permission: 'chargePoints:read' },
      schema: {
        tags,
        summary: "The charger's security profile and the certificates Voltline's CA issued to it",
        params,
        response: { 200: ok(ChargePointSecurity) },
      },
    },
    async (request) => ({ data: await securityProfiles.get(ctxOf(request), request.params.id) }),
  );

  app.post(
    `/${API.chargePoints.securityProfile(':id')}`,
    {
      // It is a remote command as well as a change of the charger's setup.
      config: { permission: 'chargePoints:write', alsoNeeds: ['commands:write'] },
      schema: {
        tags,
        summary:
          'Raise the security profile: checks what it needs, sends ChangeConfiguration SecurityProfile, stores it when Accepted',
        params,
        body: SecurityProfileBody,
        response: { 200: ok(SecurityProfileChange) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const chargePointId = await securityProfiles.identityOf(ctx, request.params.id);
      const answer = await commands.send(ctx, 'changeConfiguration', {
        chargePointId,
        key: 'SecurityProfile',
        value: String(request.body.profile),
      });
      const status = String(answer.status);
      return {
        data: { status, security: await securityProfiles.get(ctx, request.params.id) },
        message: translate(request.locale, 'securityProfile.changed', { status }),
        ...(answerOutcome(status) === 'refusal' ? { refused: true } : {}),
      };
    },
  );
}
