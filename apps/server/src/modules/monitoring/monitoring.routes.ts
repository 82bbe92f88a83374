import {
  API,
  Id,
  MonitorAnswer,
  MonitorList,
  MonitorReportAnswer,
  MonitorReportBody,
  MonitoringSettingsAnswer,
  MonitoringSettingsBody,
  SetMonitorBody,
  answerOutcome,
  ok,
  type Locale,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate, type MessageKey } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import { refusalText } from './monitoring.words.js';
import type { MonitoringService } from './monitoring.service.js';

const tags = ['chargePoints'];
const params = z.object({ id: Id });
// Monitors change what the charger watches and reports, by remote commands: both permissions.
const config = { permission: 'chargePoints:write', alsoNeeds: ['commands:write'] } as const;

/** The charger's answer in words: a refusal is flagged so the portal shows it red. */
function said<T>(locale: Locale, data: T, status: string, success: MessageKey) {
  return answerOutcome(status) === 'refusal'
    ? { data, message: refusalText(locale, status), refused: true }
    : { data, message: translate(locale, success) };
}

/** OCPP 2.0.1 monitoring of a charge point (N02-N06); a 1.6 charger is told it has none. */
export function monitoringRoutes(app: App, { monitoring }: { monitoring: MonitoringService }) {
  app.get(
    `/${API.chargePoints.monitors(':id')}`,
    {
      config: { permission: 'chargePoints:read' },
      schema: {
        tags,
        summary: 'The variable monitors the charger last reported or accepted, with its base and level',
        params,
        response: { 200: ok(MonitorList) },
      },
    },
    async (request) => ({ data: await monitoring.list(ctxOf(request), request.params.id) }),
  );

  app.post(
    `/${API.chargePoints.monitors(':id')}`,
    {
      config,
      schema: {
        tags,
        summary: 'N04 SetVariableMonitoring of one monitor (threshold, delta or periodic), with its answer',
        params,
        body: SetMonitorBody,
        response: { 200: ok(MonitorAnswer) },
      },
    },
    async (request) => {
      const data = await monitoring.set(ctxOf(request), request.params.id, request.body);
      return said(request.locale, data, data.status, 'monitoring.set');
    },
  );

  app.delete(
    `/${API.chargePoints.monitor(':id', ':monitorId')}`,
    {
      config,
      schema: {
        tags,
        summary: 'N06 ClearVariableMonitoring of one monitor, by the charger’s id of it',
        params: z.object({ id: Id, monitorId: z.coerce.number().int().min(0).max(2_147_483_647) }),
        response: { 200: ok(MonitorAnswer) },
      },
    },
    async (request) => {
      const { id, monitorId } = request.params;
      const data = await monitoring.clear(ctxOf(request), id, monitorId);
      return said(request.locale, data, data.status, 'monitoring.cleared');
    },
  );

  app.post(
    `/${API.chargePoints.monitorsReport(':id')}`,
    {
      config,
      schema: {
        tags,
        summary: 'N02 GetMonitoringReport: all monitors, or those of the criteria and components given',
        params,
        body: MonitorReportBody,
        response: { 200: ok(MonitorReportAnswer) },
      },
    },
    async (request) => {
      const data = await monitoring.report(ctxOf(request), request.params.id, request.body);
      return said(request.locale, data, data.status, 'monitoring.reportAsked');
    },
  );

  app.put(
    `/${API.chargePoints.monitoring(':id')}`,
    {
      config,
      schema: {
        tags,
        summary: 'N03 SetMonitoringBase and/or N05 SetMonitoringLevel',
        params,
        body: MonitoringSettingsBody,
        response: { 200: ok(MonitoringSettingsAnswer) },
      },
    },
    async (request) => {
      const data = await monitoring.settings(ctxOf(request), request.params.id, request.body);
      const refusal = [data.base, data.level].find((a) => a && answerOutcome(a.status) === 'refusal');
      return refusal
        ? { data, message: refusalText(request.locale, refusal.status), refused: true }
        : { data, message: translate(request.locale, 'monitoring.settingsSet') };
    },
  );
}
