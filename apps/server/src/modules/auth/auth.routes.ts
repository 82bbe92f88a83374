import {
  API,
  ForgotBody,
  LoginBody,
  Me,
  PublicConfig,
  RegisterBody,
  ResetPasswordBody,
  TokenData,
  ok,
} from '@voltline/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { bearerToken, ctxOf } from '../../lib/request.js';
import type { AuthService, RequestInfo } from './auth.service.js';

const Nothing = ok(z.null());
const tags = ['auth'];

function info(request: FastifyRequest): RequestInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, locale: request.locale };
}

export function authRoutes(
  app: App,
  { auth, publicConfig }: { auth: AuthService; publicConfig: PublicConfig },
) {
  // Sign-in and reset are the targets of password guessing: a tighter per-address limit on top
  // of the per-account failure counter.
  const strict = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.post(
    `/${API.auth.login}`,
    {
      config: { permission: 'public', ...strict },
      schema: { tags, body: LoginBody, response: { 200: ok(TokenData) } },
    },
    async (request) => ({
      data: { token: await auth.login(request.body.Email, request.body.Password, info(request)) },
    }),
  );

  app.get(
    `/${API.auth.refreshToken}`,
    { config: { permission: 'public' }, schema: { tags, response: { 200: ok(TokenData) } } },
    async (request) => ({ data: { token: await auth.refresh(bearerToken(request)) } }),
  );

  app.post(
    `/${API.auth.logout}`,
    { config: { permission: 'signedIn', usersOnly: true }, schema: { tags, response: { 200: Nothing } } },
    async (request) => {
      await auth.logout(ctxOf(request));
      return { data: null, message: translate(request.locale, 'auth.loggedOut') };
    },
  );

  app.get(
    `/${API.auth.me}`,
    { config: { permission: 'signedIn', usersOnly: true }, schema: { tags, response: { 200: ok(Me) } } },
    (request) => ({ data: auth.me(ctxOf(request)) }),
  );

  app.post(
    `/${API.auth.forgot}`,
    {
      config: { permission: 'public', ...strict },
      schema: { tags, body: ForgotBody, response: { 200: Nothing } },
    },
    (request) => {
      auth.forgot(request.body.email, info(request));
      return { data: null, message: translate(request.locale, 'auth.resetSent') };
    },
  );

  app.post(
    `/${API.auth.resetPassword}`,
    {
      config: { permission: 'public', ...strict },
      schema: { tags, body: ResetPasswordBody, response: { 200: Nothing } },
    },
    async (request) => {
      await auth.resetPassword(bearerToken(request), request.body, info(request));
      return { data: null, message: translate(request.locale, 'auth.passwordChanged') };
    },
  );

  // The same answer for an address with or without an account: the e-mail tells the rest.
  app.post(
    `/${API.auth.register}`,
    {
      config: { permission: 'public', ...strict },
      schema: { tags, body: RegisterBody, response: { 200: Nothing } },
    },
    (request) => {
      auth.register(request.body, info(request));
      return { data: null, message: translate(request.locale, 'auth.registerCheckInbox') };
    },
  );

  app.post(
    `/${API.auth.registerConfirm}`,
    { config: { permission: 'public', ...strict }, schema: { tags, response: { 200: ok(TokenData) } } },
    async (request) => ({
      data: { token: await auth.confirmRegistration(bearerToken(request), info(request)) },
      message: translate(request.locale, 'auth.registered'),
    }),
  );

  app.get(
    `/${API.auth.config}`,
    { config: { permission: 'public' }, schema: { tags, response: { 200: ok(PublicConfig) } } },
    () => ({ data: publicConfig }),
  );
}
