import {
  CompositeScheduleRequest,
  CompositeScheduleResult,
  GroupMembersChange,
  GroupPowerQuery,
  GroupPowerSample,
  Id,
  NewSmartChargingGroup,
  SMART_CHARGING_API,
  SmartChargingGroup,
  SmartChargingGroupDetail,
  SmartChargingGroupUpdate,
  SmartChargingListQuery,
  ok,
  page,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { SmartChargingService } from './smart-charging.service.js';

const tags = ['smartCharging'];
const read = { permission: 'smartCharging:read' } as const;
const write = { permission: 'smartCharging:write' } as const;
const byId = z.object({ id: Id });

export function smartChargingRoutes(app: App, { smartCharging }: { smartCharging: SmartChargingService }) {
  app.get(
    `/${SMART_CHARGING_API.base}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Smart-charging groups in reach, by name',
        querystring: SmartChargingListQuery,
        response: { 200: ok(page(SmartChargingGroup)) },
      },
    },
    async (request) => ({ data: await smartCharging.page(ctxOf(request), request.query) }),
  );

  app.post(
    `/${SMART_CHARGING_API.base}`,
    {
      config: write,
      schema: {
        tags,
        summary: 'A new group, with its first charge points (one in another group: 409)',
        body: NewSmartChargingGroup,
        response: { 200: ok(SmartChargingGroup) },
      },
    },
    async (request) => ({
      data: await smartCharging.create(ctxOf(request), request.body),
      message: translate(request.locale, 'smartCharging.created'),
    }),
  );

  app.post(
    `/${SMART_CHARGING_API.addChargePoints}`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Adds charge points to a group (one in another group: 409)',
        body: GroupMembersChange,
        response: { 200: ok(SmartChargingGroup) },
      },
    },
    async (request) => ({
      data: await smartCharging.addChargePoints(
        ctxOf(request),
        request.body.groupId,
        request.body.chargePointIds,
      ),
      message: translate(request.locale, 'smartCharging.membersAdded'),
    }),
  );

  app.post(
    `/${SMART_CHARGING_API.removeChargePoints}`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Removes charge points from a group and clears the profiles Voltline set on them',
        body: GroupMembersChange,
        response: { 200: ok(SmartChargingGroup) },
      },
    },
    async (request) => ({
      data: await smartCharging.removeChargePoints(
        ctxOf(request),
        request.body.groupId,
        request.body.chargePointIds,
      ),
      message: translate(request.locale, 'smartCharging.membersRemoved'),
    }),
  );

  app.get(
    `/${SMART_CHARGING_API.detail(':id')}`,
    {
      config: read,
      schema: {
        tags,
        summary: "The group's live allocation per connector",
        params: byId,
        response: { 200: ok(SmartChargingGroupDetail) },
      },
    },
    async (request) => ({ data: await smartCharging.detail(ctxOf(request), request.params.id) }),
  );

  app.get(
    `/${SMART_CHARGING_API.power(':id')}`,
    {
      config: read,
      schema: {
        tags,
        summary: "The group's power against its limit over time (default: the last 24 hours)",
        params: byId,
        querystring: GroupPowerQuery,
        response: { 200: ok(z.array(GroupPowerSample)) },
      },
    },
    async (request) => ({
      data: await smartCharging.power(ctxOf(request), request.params.id, request.query),
    }),
  );

  app.post(
    `/${SMART_CHARGING_API.compositeSchedules(':id')}`,
    {
      config: read,
      schema: {
        tags,
        summary: "Each member connector's composite schedule (GetCompositeSchedule, in parallel)",
        params: byId,
        body: CompositeScheduleRequest.optional(),
        response: { 200: ok(z.array(CompositeScheduleResult)) },
      },
    },
    async (request) => ({
      data: await smartCharging.compositeSchedules(
        ctxOf(request),
        request.params.id,
        request.body?.duration ?? 3600,
      ),
    }),
  );

  app.get(
    `/${SMART_CHARGING_API.byId(':id')}`,
    {
      config: read,
      schema: { tags, summary: 'One group', params: byId, response: { 200: ok(SmartChargingGroup) } },
    },
    async (request) => ({ data: await smartCharging.get(ctxOf(request), request.params.id) }),
  );

  app.put(
    `/${SMART_CHARGING_API.byId(':id')}`,
    {
      config: write,
      schema: {
        tags,
        summary: "Changes the group's settings; the balancer applies them at once",
        params: byId,
        body: SmartChargingGroupUpdate,
        response: { 200: ok(SmartChargingGroup) },
      },
    },
    async (request) => ({
      data: await smartCharging.update(ctxOf(request), request.params.id, request.body),
      message: translate(request.locale, 'smartCharging.updated'),
    }),
  );

  app.delete(
    `/${SMART_CHARGING_API.byId(':id')}`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Deletes the group and clears the profiles Voltline set on its charge points',
        params: byId,
        response: { 200: ok(z.null()) },
      },
    },
    async (request) => {
      await smartCharging.remove(ctxOf(request), request.params.id);
      return { data: null, message: translate(request.locale, 'smartCharging.deleted') };
    },
  );
}
