import {
  Id,
  InviteRoamingPartnerBody,
  RegisterRoamingPartnerBody,
  ROAMING_API,
  RoamingAuthorization,
  RoamingIdentity,
  RoamingInvitation,
  RoamingPartner,
  UpdateRoamingPartnerBody,
  ok,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { PartnerRenewal } from './roaming.renewal.js';
import type { RoamingService } from './roaming.service.js';
import type { TokensPull } from './tokens/pull.js';

const tags = ['roaming'];
const IdParams = z.object({ id: Id });
const read = { permission: 'roaming:read' } as const;
const write = { permission: 'roaming:write' } as const;

/** The portal's roaming screen (issue #31): partners, invitations, registrations, publication. */
export function roamingRoutes(
  app: App,
  {
    roaming,
    roamingRenewal,
    roamingTokensPull,
  }: { roaming: RoamingService; roamingRenewal: PartnerRenewal; roamingTokensPull: TokensPull },
) {
  app.post(
    `/${ROAMING_API.partners}/:id/fetch-tokens`,
    {
      config: write,
      schema: {
        tags,
        summary: "Read the partner's tokens now (OCPI Tokens GET, the changes since the last read)",
        params: IdParams,
        response: { 200: ok(RoamingPartner) },
      },
    },
    async (request) => {
      const count = await roamingTokensPull.pullNow(ctxOf(request), request.params.id);
      return {
        data: await roaming.get(ctxOf(request), request.params.id),
        message: translate(request.locale, 'roaming.tokensPulled', { count }),
      };
    },
  );

  app.get(
    `/${ROAMING_API.identity}`,
    {
      config: read,
      schema: { tags, summary: "Voltline's own OCPI party", response: { 200: ok(RoamingIdentity) } },
    },
    () => ({ data: roaming.identity() }),
  );

  app.get(
    `/${ROAMING_API.partners}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Roaming partners in reach (never their tokens)',
        response: { 200: ok(z.array(RoamingPartner)) },
      },
    },
    async (request) => ({ data: await roaming.list(ctxOf(request)) }),
  );

  app.get(
    `/${ROAMING_API.partners}/:id`,
    {
      config: read,
      schema: {
        tags,
        summary: 'One roaming partner',
        params: IdParams,
        response: { 200: ok(RoamingPartner) },
      },
    },
    async (request) => ({ data: await roaming.get(ctxOf(request), request.params.id) }),
  );

  app.get(
    `/${ROAMING_API.partners}/:id/authorizations`,
    {
      config: read,
      schema: {
        tags,
        summary: "The last answers given at chargers about the partner's tokens, newest first",
        params: IdParams,
        response: { 200: ok(z.array(RoamingAuthorization)) },
      },
    },
    async (request) => ({ data: await roaming.authorizations(ctxOf(request), request.params.id) }),
  );

  app.put(
    `/${ROAMING_API.partners}/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: "A partner's name, the operators published to it and its tariff",
        params: IdParams,
        body: UpdateRoamingPartnerBody,
        response: { 200: ok(RoamingPartner) },
      },
    },
    async (request) => ({
      data: await roaming.update(ctxOf(request), request.params.id, request.body),
      message: translate(request.locale, 'roaming.updated'),
    }),
  );

  app.post(
    `/${ROAMING_API.invite}`,
    {
      config: write,
      schema: {
        tags,
        summary:
          'A partner that will register with Voltline: the answer is the only time its token A is shown',
        body: InviteRoamingPartnerBody,
        response: { 200: ok(RoamingInvitation) },
      },
    },
    async (request) => ({
      data: await roaming.invite(ctxOf(request), request.body),
      message: translate(request.locale, 'roaming.invited'),
    }),
  );

  app.post(
    `/${ROAMING_API.register}`,
    {
      config: write,
      schema: {
        tags,
        summary:
          'Voltline registers with a partner given its versions URL and token A (OCPI credentials POST)',
        body: RegisterRoamingPartnerBody,
        response: { 200: ok(RoamingPartner) },
      },
    },
    async (request) => ({
      data: await roaming.register(ctxOf(request), request.body),
      message: translate(request.locale, 'roaming.registered'),
    }),
  );

  app.post(
    `/${ROAMING_API.partners}/:id/refresh`,
    {
      config: write,
      schema: {
        tags,
        summary: "Read the partner's endpoints again and exchange new tokens (OCPI credentials PUT)",
        params: IdParams,
        response: { 200: ok(RoamingPartner) },
      },
    },
    async (request) => ({
      data: await roamingRenewal.refresh(ctxOf(request), request.params.id),
      message: translate(request.locale, 'roaming.refreshed'),
    }),
  );

  app.post(
    `/${ROAMING_API.partners}/:id/unregister`,
    {
      config: write,
      schema: {
        tags,
        summary: 'End the partnership (OCPI credentials DELETE when the partner can be reached)',
        params: IdParams,
        response: { 200: ok(RoamingPartner) },
      },
    },
    async (request) => {
      const { partner, message } = await roamingRenewal.unregister(ctxOf(request), request.params.id);
      return { data: partner, message };
    },
  );
}
