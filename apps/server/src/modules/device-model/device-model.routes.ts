import {
  API,
  answerOutcome,
  DeviceModel,
  DeviceModelQuery,
  DeviceModelRefresh,
  DeviceModelReportBody,
  GetVariablesBody,
  Id,
  isSecurityVariable,
  ok,
  SetVariablesBody,
  VariableResults,
  type Locale,
  type Permission,
  type VariableResult,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { DeviceModelService } from './device-model.service.js';

const params = z.object({ id: Id });
const tags = ['deviceModel'];

/** Writing the charger's password or security profile needs what 1.6's ChangeConfiguration of them needs. */
function setNeeds(body: Record<string, unknown>): Permission[] {
  const items = Array.isArray(body.items) ? (body.items as unknown[]) : [];
  const security = items.some((i) => {
    const item = i as { component?: { name?: unknown }; variable?: { name?: unknown } } | null;
    const c = item?.component?.name;
    const v = item?.variable?.name;
    return typeof c === 'string' && typeof v === 'string' && isSecurityVariable(c.trim(), v.trim());
  });
  return security ? ['chargePoints:write'] : [];
}

/** The charger's answers; any refusal makes the whole answer a refusal, said with how many. */
function answered(locale: Locale, results: VariableResult[]) {
  const refused = results.filter((r) => answerOutcome(r.status) === 'refusal').length;
  return refused > 0
    ? {
        data: { results },
        message: translate(locale, 'deviceModel.someRefused', { refused, total: results.length }),
        refused: true,
      }
    : { data: { results }, message: translate(locale, 'deviceModel.answered') };
}

/**
 * The OCPP 2.0.1 device model of a charge point. Reading and writing it are remote commands, as
 * 1.6's GetConfiguration and ChangeConfiguration are: the same permission.
 */
export function deviceModelRoutes(app: App, { deviceModel }: { deviceModel: DeviceModelService }) {
  app.get(
    `/${API.chargePoints.deviceModel(':id')}`,
    {
      config: { permission: 'commands:write' },
      schema: {
        tags,
        summary: 'The device model the charger last reported, searchable by component or variable name',
        params,
        querystring: DeviceModelQuery,
        response: { 200: ok(DeviceModel) },
      },
    },
    async (request) => ({
      data: await deviceModel.model(ctxOf(request), request.params.id, request.query.search || undefined),
    }),
  );

  app.post(
    `/${API.chargePoints.deviceModelRefresh(':id')}`,
    {
      config: { permission: 'commands:write' },
      schema: {
        tags,
        summary: 'Ask the charger for its full device model (GetBaseReport FullInventory)',
        params,
        response: { 200: ok(DeviceModelRefresh) },
      },
    },
    async (request) => {
      const data = await deviceModel.refresh(ctxOf(request), request.params.id);
      // Rejected, NotSupported, EmptyResultSet: said as a refusal, and flagged so the portal shows one.
      return answerOutcome(data.status) === 'refusal'
        ? {
            data,
            message: translate(request.locale, 'deviceModel.refused', { status: data.status }),
            refused: true,
          }
        : { data, message: translate(request.locale, 'deviceModel.refreshAsked') };
    },
  );

  app.post(
    `/${API.chargePoints.deviceModelReport(':id')}`,
    {
      config: { permission: 'commands:write' },
      schema: {
        tags,
        summary: 'Ask the charger for a custom report (GetReport) of components by name or criteria',
        params,
        body: DeviceModelReportBody,
        response: { 200: ok(DeviceModelRefresh) },
      },
    },
    async (request) => {
      const data = await deviceModel.customReport(ctxOf(request), request.params.id, request.body);
      if (data.status === 'EmptyResultSet')
        return { data, message: translate(request.locale, 'deviceModel.emptyReport'), refused: true };
      return answerOutcome(data.status) === 'refusal'
        ? {
            data,
            message: translate(request.locale, 'deviceModel.refused', { status: data.status }),
            refused: true,
          }
        : { data, message: translate(request.locale, 'deviceModel.reportAsked') };
    },
  );

  app.post(
    `/${API.chargePoints.setVariables(':id')}`,
    {
      config: { permission: 'commands:write', bodyNeeds: setNeeds },
      schema: {
        tags,
        summary: 'Set variables of the charger (SetVariables), with its answer for each',
        params,
        body: SetVariablesBody,
        response: { 200: ok(VariableResults) },
      },
    },
    async (request) => {
      const results = await deviceModel.setVariables(ctxOf(request), request.params.id, request.body.items);
      return answered(request.locale, results);
    },
  );

  app.post(
    `/${API.chargePoints.getVariables(':id')}`,
    {
      config: { permission: 'commands:write' },
      schema: {
        tags,
        summary: 'Read variables from the charger (GetVariables), with its answer for each',
        params,
        body: GetVariablesBody,
        response: { 200: ok(VariableResults) },
      },
    },
    async (request) => {
      const results = await deviceModel.getVariables(ctxOf(request), request.params.id, request.body.items);
      return answered(request.locale, results);
    },
  );
}
