import {
  API,
  CreateUserBody,
  Id,
  PageQuery,
  UpdateUserBody,
  User,
  UserFilter,
  ok,
  page,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { sendExcel } from '../../lib/excel.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { UsersService } from './users.service.js';

const tags = ['users'];
const IdParams = z.object({ id: Id });
const read = { permission: 'users:read' } as const;
// Only a person administers users: an API key (even an Admin one) could otherwise create users and
// grant roles that outlive the key and its revocation.
const write = { permission: 'users:write', usersOnly: true } as const;

export function userRoutes(app: App, { users }: { users: UsersService }) {
  app.get(
    `/${API.users.list}`,
    {
      config: read,
      schema: { tags, summary: 'All users in reach (max 1000)', response: { 200: ok(z.array(User)) } },
    },
    async (request) => ({
      data: (await users.page(ctxOf(request), UserFilter.parse({}), 0, 1000)).items,
    }),
  );

  app.post(
    `/${API.users.dynamic}`,
    {
      config: read,
      schema: { tags, querystring: PageQuery, body: UserFilter, response: { 200: ok(page(User)) } },
    },
    async (request) => ({
      data: await users.page(ctxOf(request), request.body, request.query.index, request.query.size),
    }),
  );

  app.post(`/${API.users.excel}`, { config: read, schema: { tags, body: UserFilter } }, (request, reply) => {
    const t = (k: Parameters<typeof translate>[1]) => translate(request.locale, k);
    const yes = t('common.yes');
    const no = t('common.no');
    return sendExcel(
      reply,
      'users.xlsx',
      t('sheet.users'),
      [
        { header: t('col.id'), width: 8, value: (u: User) => u.id },
        { header: t('col.email'), width: 32, value: (u) => u.email },
        { header: t('col.name'), value: (u) => u.name },
        { header: t('col.surname'), value: (u) => u.surname },
        { header: t('col.phone'), value: (u) => u.phone },
        { header: t('col.operator'), width: 28, value: (u) => u.operatorName },
        { header: t('col.roles'), width: 30, value: (u) => u.roles.join(', ') },
        { header: t('col.active'), width: 10, value: (u) => (u.active ? yes : no) },
        { header: t('col.lastLogin'), value: (u) => (u.lastLoginAt ? new Date(u.lastLoginAt) : null) },
        { header: t('col.createdAt'), value: (u) => new Date(u.createdAt) },
      ],
      users.all(ctxOf(request), request.body),
    );
  });

  app.get(
    `/${API.users.save}/:id`,
    { config: read, schema: { tags, params: IdParams, response: { 200: ok(User) } } },
    async (request) => ({ data: await users.get(ctxOf(request), request.params.id) }),
  );

  app.post(
    `/${API.users.save}`,
    { config: write, schema: { tags, body: CreateUserBody, response: { 200: ok(User) } } },
    async (request) => ({
      data: await users.create(ctxOf(request), request.body),
      message: translate(request.locale, 'user.created'),
    }),
  );

  app.put(
    `/${API.users.save}`,
    { config: write, schema: { tags, body: UpdateUserBody, response: { 200: ok(User) } } },
    async (request) => ({
      data: await users.update(ctxOf(request), request.body),
      message: translate(request.locale, 'user.updated'),
    }),
  );

  app.delete(
    `/${API.users.save}/:id`,
    { config: write, schema: { tags, params: IdParams, response: { 200: ok(z.null()) } } },
    async (request) => {
      await users.remove(ctxOf(request), request.params.id);
      return { data: null, message: translate(request.locale, 'user.deleted') };
    },
  );
}
