import {
  API,
  ChargePointSecurity,
  Id,
  SecurityProfileBody,
  SecurityProfileChange,
  SECURITY_RAISE_STEPS,
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
          'Raise the security profile: checks what it needs, then ChangeConfiguration SecurityProfile (1.6) or a new network connection profile, its priority and a Reset (2.0.1, A05); counted when accepted or once the charger reconnects with it',
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
      // A 2.0.1 charger's own word, and the step it refused or the reconnection it will make (A05).
      const status = String(answer.chargerStatus ?? answer.status);
      const refusedAt = SECURITY_RAISE_STEPS.find((s) => s === answer.refusedAt) ?? null;
      const awaitingReconnect = answer.appliesOnReconnect === true;
      const profile = request.body.profile;
      const message = refusedAt
        ? translate(request.locale, `securityProfile.refused.${refusedAt}`, { status })
        : awaitingReconnect
          ? translate(request.locale, 'securityProfile.awaitingReconnect', { status, profile })
          : translate(request.locale, 'securityProfile.changed', { status });
      return {
        data: {
          status,
          refusedAt,
          awaitingReconnect,
          security: await securityProfiles.get(ctx, request.params.id),
        },
        message,
        ...(answerOutcome(status) === 'refusal' ? { refused: true } : {}),
      };
    },
  );
}
