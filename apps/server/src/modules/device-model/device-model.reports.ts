import { randomInt } from 'node:crypto';
import type { DeviceModelReportBody, Ocpp201 } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { CommandsService } from '../commands/commands.service.js';
import * as repo from './device-model.repository.js';

type ReportRequest = Ocpp201.GetBaseReportRequest | Ocpp201.GetReportRequest;

/** A request id for a report: the NotifyReport parts that answer it carry it back. */
export const newRequestId = () => randomInt(1, 2 ** 31 - 1);

/**
 * Sends a report request (B07 GetBaseReport, B08 GetReport), recorded as a command. Its
 * NotifyReport parts are awaited (an open request) only if the charger accepted it.
 */
export async function requestReport(
  db: Db,
  commands: Pick<CommandsService, 'sendRecorded'>,
  cp: { id: number; chargePointId: string },
  request: { action: 'GetBaseReport' | 'GetReport'; payload: ReportRequest; base: string },
  userId: number | null,
) {
  const { action, payload, base } = request;
  await repo.insertRequest(db, cp.id, payload.requestId, base);
  const sent = await commands.sendRecorded(cp, action, payload, { logged: payload, userId });
  const answer = sent.ok ? (sent.answer as Ocpp201.GetBaseReportResponse) : null;
  if (answer?.status !== 'Accepted') await repo.dropRequest(db, cp.id, payload.requestId);
  return { sent, answer };
}

/**
 * B08: the GetReport of the components named (a variable of each, if given) and/or of those
 * meeting the criteria; refused in words when it names neither.
 */
export function customReportRequest(body: DeviceModelReportBody): Ocpp201.GetReportRequest {
  const criteria = body.componentCriteria ?? [];
  const components = body.components ?? [];
  if (criteria.length === 0 && components.length === 0) {
    throw new AppError(400, 'deviceModel.reportCriteria', {}, [
      { field: 'body.components', key: 'deviceModel.reportCriteria' },
    ]);
  }
  const payload: Ocpp201.GetReportRequest = { requestId: newRequestId() };
  if (criteria.length > 0) payload.componentCriteria = criteria;
  if (components.length > 0)
    payload.componentVariable = components.map((c) => ({
      component: { name: c.name },
      ...(c.variable ? { variable: { name: c.variable } } : {}),
    }));
  return payload;
}
