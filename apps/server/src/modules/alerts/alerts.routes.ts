import {
  ALERTS_API,
  Alert,
  AlertAssignBody,
  AlertCommentBody,
  AlertCount,
  AlertDetail,
  AlertListQuery,
  AlertResolveBody,
  AlertRule,
  AlertRuleUpdate,
  Id,
  ok,
  page,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { AlertsService } from './alerts.service.js';

const tags = ['alerts'];
const read = { permission: 'alerts:read' } as const;
const write = { permission: 'alerts:write' } as const;
const byId = z.object({ id: Id });

export function alertRoutes(app: App, { alerts }: { alerts: AlertsService }) {
  app.get(
    `/${ALERTS_API.list}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Alerts of the operators in reach, newest first',
        querystring: AlertListQuery,
        response: { 200: ok(page(Alert)) },
      },
    },
    async (request) => ({ data: await alerts.list(ctxOf(request), request.query) }),
  );

  app.get(
    `/${ALERTS_API.count}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'How many alerts in reach are open or acknowledged (the header)',
        response: { 200: ok(AlertCount) },
      },
    },
    async (request) => ({ data: await alerts.count(ctxOf(request)) }),
  );

  app.get(
    `/${ALERTS_API.rules}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Alert rules of the operators in reach',
        response: { 200: ok(z.array(AlertRule)) },
      },
    },
    async (request) => ({ data: await alerts.rules(ctxOf(request)) }),
  );

  app.put(
    `/${ALERTS_API.rules}/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Changes a rule: on or off, its delays, recipients and quiet hours',
        params: byId,
        body: AlertRuleUpdate,
        response: { 200: ok(AlertRule) },
      },
    },
    async (request) => ({
      data: await alerts.updateRule(ctxOf(request), request.params.id, request.body),
      message: translate(request.locale, 'alert.ruleUpdated'),
    }),
  );

  app.get(
    `/${ALERTS_API.list}/:id`,
    {
      config: read,
      schema: {
        tags,
        summary: 'One alert with its chargers and history',
        params: byId,
        response: { 200: ok(AlertDetail) },
      },
    },
    async (request) => ({ data: await alerts.get(ctxOf(request), request.params.id) }),
  );

  app.post(
    `/${ALERTS_API.list}/:id/acknowledge`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Acknowledges an open alert',
        params: byId,
        response: { 200: ok(AlertDetail) },
      },
    },
    async (request) => ({
      data: await alerts.acknowledge(ctxOf(request), request.params.id),
      message: translate(request.locale, 'alert.acknowledged'),
    }),
  );

  app.post(
    `/${ALERTS_API.list}/:id/assign`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Gives the alert to a user who may read it',
        params: byId,
        body: AlertAssignBody,
        response: { 200: ok(AlertDetail) },
      },
    },
    async (request) => ({
      data: await alerts.assign(ctxOf(request), request.params.id, request.body.userId),
      message: translate(request.locale, 'alert.assigned'),
    }),
  );

  app.post(
    `/${ALERTS_API.list}/:id/comment`,
    {
      config: write,
      schema: {
        tags,
        summary: "A comment in the alert's history",
        params: byId,
        body: AlertCommentBody,
        response: { 200: ok(AlertDetail) },
      },
    },
    async (request) => ({
      data: await alerts.comment(ctxOf(request), request.params.id, request.body.comment),
      message: translate(request.locale, 'alert.commented'),
    }),
  );

  app.post(
    `/${ALERTS_API.list}/:id/resolve`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Resolves the alert by hand',
        params: byId,
        body: AlertResolveBody.optional(),
        response: { 200: ok(AlertDetail) },
      },
    },
    async (request) => ({
      data: await alerts.resolve(ctxOf(request), request.params.id, request.body?.comment ?? null),
      message: translate(request.locale, 'alert.resolvedByHand'),
    }),
  );
}
