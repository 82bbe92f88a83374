import {
  API,
  CreateOperatorBody,
  Id,
  Operator,
  OperatorDetail,
  OperatorSummary,
  OperatorTreeNode,
  UpdateOperatorBody,
  ok,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { OperatorsService } from './operators.service.js';

const tags = ['operators'];
const IdParams = z.object({ id: Id });
const read = { permission: 'operators:read' } as const;
const write = { permission: 'operators:write' } as const;

export function operatorRoutes(app: App, { operators }: { operators: OperatorsService }) {
  app.get(
    `/${API.operators.lookup}`,
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'Operators the user may assign to',
        response: { 200: ok(z.array(OperatorSummary)) },
      },
    },
    async (request) => ({ data: await operators.lookup(ctxOf(request)) }),
  );

  app.get(
    `/${API.operators.tree}`,
    {
      config: read,
      schema: {
        tags,
        summary: "The caller's operator tree (Admin: every tree), without archived operators",
        response: { 200: ok(z.array(OperatorTreeNode)) },
      },
    },
    async (request) => ({ data: await operators.tree(ctxOf(request)) }),
  );

  app.get(
    `/${API.operators.archived}`,
    {
      config: read,
      schema: { tags, summary: 'Archived operators in reach', response: { 200: ok(z.array(Operator)) } },
    },
    async (request) => ({ data: await operators.archived(ctxOf(request)) }),
  );

  app.get(
    `/portal/operator/:id`,
    { config: read, schema: { tags, params: IdParams, response: { 200: ok(OperatorDetail) } } },
    async (request) => ({ data: await operators.get(ctxOf(request), request.params.id) }),
  );

  app.post(
    `/${API.operators.add}`,
    { config: write, schema: { tags, body: CreateOperatorBody, response: { 200: ok(OperatorDetail) } } },
    async (request) => ({
      data: await operators.create(ctxOf(request), request.body),
      message: translate(request.locale, 'operator.created'),
    }),
  );

  app.put(
    `/${API.operators.update}`,
    { config: write, schema: { tags, body: UpdateOperatorBody, response: { 200: ok(OperatorDetail) } } },
    async (request) => ({
      data: await operators.update(ctxOf(request), request.body),
      message: translate(request.locale, 'operator.updated'),
    }),
  );

  app.put(
    `/portal/Operator/ArchiveOperator/:id`,
    { config: write, schema: { tags, params: IdParams, response: { 200: ok(OperatorDetail) } } },
    async (request) => ({
      data: await operators.archive(ctxOf(request), request.params.id),
      message: translate(request.locale, 'operator.archived'),
    }),
  );

  app.put(
    `/${API.operators.unarchive}`,
    {
      config: write,
      schema: { tags, querystring: z.object({ operatorId: Id }), response: { 200: ok(OperatorDetail) } },
    },
    async (request) => ({
      data: await operators.unarchive(ctxOf(request), request.query.operatorId),
      message: translate(request.locale, 'operator.unarchived'),
    }),
  );
}
