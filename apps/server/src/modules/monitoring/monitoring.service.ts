import {
  reportsDeviceModel,
  type MonitorAnswer,
  type MonitorList,
  type MonitorReportAnswer,
  type MonitorReportBody,
  type MonitoringSettingsAnswer,
  type MonitoringSettingsBody,
  type MonitorType,
  type Ocpp201,
  type SetMonitorBody,
  type VariableMonitor,
} from '@voltline/contract';
import type { Db, Tx } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { ChargerGateway } from '../../ocpp/gateway.js';
import { audit } from '../audit/audit.service.js';
import type { CommandsService } from '../commands/commands.service.js';
import { sentFailure } from '../commands/sent-failure.js';
import { newRequestId } from '../device-model/device-model.reports.js';
import { toOcpp } from '../device-model/variables.js';
import * as repo from './monitoring.repository.js';

type Charger = NonNullable<Awaited<ReturnType<typeof repo.chargerInScope>>>;
type Body = Omit<SetMonitorBody, 'transaction'> & { transaction?: boolean | undefined };
type Status = { status: string; statusInfo?: { reasonCode: string } };

const answerOf = (a: Status) => ({ status: a.status, reason: a.statusInfo?.reasonCode ?? null });

function monitorOf(r: repo.MonitorRow): VariableMonitor {
  return {
    id: r.monitorId,
    component: r.componentName,
    componentInstance: r.componentInstance,
    evseId: r.evseId,
    connectorId: r.connectorId,
    variable: r.variableName,
    variableInstance: r.variableInstance,
    type: r.type as MonitorType,
    value: r.value,
    severity: r.severity,
    transaction: r.transaction,
    origin: r.origin === 'custom' ? 'custom' : 'charger',
    reportedAt: r.reportedAt.toISOString(),
  };
}

/**
 * The variable monitors of chargers that report a device model (N02-N06): what they hold, setting
 * and clearing one, asking for their report, and the monitoring base and level. Each request is a
 * recorded command and audited; each refusal comes back as the charger's status.
 */
export class MonitoringService {
  constructor(
    private readonly db: Db,
    private readonly gateway: ChargerGateway,
    private readonly commands: Pick<CommandsService, 'sendRecorded'>,
  ) {}

  async list(ctx: Ctx, id: number): Promise<MonitorList> {
    const cp = await this.charger(ctx, id);
    // The report's state first, the monitors after: a report that completes between the reads
    // then shows as still awaited, never as done with the monitors from before it.
    const awaiting = await repo.hasOpenRequest(this.db, cp.id);
    const reportedAt = await repo.lastReportedAt(this.db, cp.id);
    const rows = await repo.listMonitors(this.db, cp.id);
    const settings = await repo.settingsOf(this.db, cp.id);
    const base = settings?.base;
    return {
      monitors: rows.map(monitorOf),
      base: base === 'All' || base === 'FactoryDefault' || base === 'HardWiredOnly' ? base : null,
      level: settings?.level ?? null,
      reportedAt: reportedAt?.toISOString() ?? null,
      awaitingReport: awaiting,
    };
  }

  /** N04: one monitor, set or replaced; the charger's status for it is the answer. */
  async set(ctx: Ctx, id: number, body: Body): Promise<MonitorAnswer> {
    const cp = await this.online(ctx, id);
    const data: Ocpp201.SetVariableMonitoringRequest['setMonitoringData'][number] = {
      ...toOcpp(body),
      ...(body.id === undefined ? {} : { id: body.id }),
      value: body.value,
      type: body.type,
      severity: body.severity,
      transaction: body.transaction ?? false,
    };
    const payload = { setMonitoringData: [data] };
    const answer = await this.send(ctx, cp, 'SetVariableMonitoring', payload, 'monitoring.set');
    const result = (answer as Ocpp201.SetVariableMonitoringResponse).setMonitoringResult[0];
    const out = { id: result?.id ?? null, ...answerOf(result ?? { status: 'Rejected' }) };
    await this.db.transaction(async (tx) => {
      if (out.status === 'Accepted' && out.id !== null) {
        await repo.upsertMonitor(tx, {
          chargePointId: cp.id,
          monitorId: out.id,
          componentName: data.component.name,
          componentInstance: data.component.instance ?? null,
          evseId: data.component.evse?.id ?? null,
          connectorId: data.component.evse?.connectorId ?? null,
          variableName: data.variable.name,
          variableInstance: data.variable.instance ?? null,
          type: data.type,
          value: data.value,
          severity: data.severity,
          transaction: data.transaction ?? false,
          origin: 'custom',
          reportedAt: new Date(),
        });
      }
      await this.audited(tx, ctx, cp, 'monitoring.set', { request: payload, answer: out });
    });
    return out;
  }

  /** N06: clears one monitor; a monitor the charger no longer holds leaves the stored list too. */
  async clear(ctx: Ctx, id: number, monitorId: number): Promise<MonitorAnswer> {
    const cp = await this.online(ctx, id);
    const payload = { id: [monitorId] };
    const answer = await this.send(ctx, cp, 'ClearVariableMonitoring', payload, 'monitoring.clear');
    const result = (answer as Ocpp201.ClearVariableMonitoringResponse).clearMonitoringResult[0];
    const out = { id: monitorId, ...answerOf(result ?? { status: 'Rejected' }) };
    await this.db.transaction(async (tx) => {
      if (out.status === 'Accepted' || out.status === 'NotFound')
        await repo.deleteMonitor(tx, cp.id, monitorId);
      await this.audited(tx, ctx, cp, 'monitoring.clear', { request: payload, answer: out });
    });
    return out;
  }

  /** N02: a report of all monitors (which replaces the stored ones) or of those the criteria select. */
  async report(ctx: Ctx, id: number, body: MonitorReportBody): Promise<MonitorReportAnswer> {
    const cp = await this.online(ctx, id);
    const criteria = body.criteria ?? [];
    const components = body.components ?? [];
    const payload: Ocpp201.GetMonitoringReportRequest = { requestId: newRequestId() };
    if (criteria.length > 0) payload.monitoringCriteria = criteria;
    if (components.length > 0)
      payload.componentVariable = components.map((c) => ({
        component: { name: c.name },
        ...(c.variable ? { variable: { name: c.variable } } : {}),
      }));
    const whole = criteria.length === 0 && components.length === 0;
    await repo.insertRequest(this.db, cp.id, payload.requestId, whole);
    const answer = (await this.send(ctx, cp, 'GetMonitoringReport', payload, 'monitoring.report').catch(
      async (err: unknown) => {
        await repo.dropRequest(this.db, cp.id, payload.requestId);
        throw err;
      },
    )) as Ocpp201.GetMonitoringReportResponse;
    const out = { requestId: payload.requestId, ...answerOf(answer) };
    await this.db.transaction(async (tx) => {
      if (out.status !== 'Accepted') await repo.dropRequest(tx, cp.id, payload.requestId);
      // N02: EmptyResultSet to a report of everything: the charger holds no monitor at all.
      if (out.status === 'EmptyResultSet' && whole) await repo.replaceMonitors(tx, cp.id, []);
      await this.audited(tx, ctx, cp, 'monitoring.report', { request: payload, answer: out });
    });
    return out;
  }

  /** N03 and N05: the base the charger monitors from, and the gravest severity it still reports. */
  async settings(ctx: Ctx, id: number, body: MonitoringSettingsBody): Promise<MonitoringSettingsAnswer> {
    const cp = await this.online(ctx, id);
    const out: MonitoringSettingsAnswer = { base: null, level: null };
    if (body.base !== undefined) {
      const payload = { monitoringBase: body.base };
      out.base = answerOf(
        (await this.send(ctx, cp, 'SetMonitoringBase', payload, 'monitoring.base')) as Status,
      );
      const base = body.base;
      await this.db.transaction(async (tx) => {
        if (out.base?.status === 'Accepted') {
          await repo.saveSettings(tx, cp.id, { base });
          // N03: FactoryDefault and HardWiredOnly remove the custom monitors.
          if (base !== 'All') await repo.deleteCustom(tx, cp.id);
        }
        await this.audited(tx, ctx, cp, 'monitoring.base', { request: payload, answer: out.base });
      });
    }
    if (body.level !== undefined) {
      const payload = { severity: body.level };
      out.level = answerOf(
        (await this.send(ctx, cp, 'SetMonitoringLevel', payload, 'monitoring.level')) as Status,
      );
      const level = body.level;
      await this.db.transaction(async (tx) => {
        if (out.level?.status === 'Accepted') await repo.saveSettings(tx, cp.id, { level });
        await this.audited(tx, ctx, cp, 'monitoring.level', { request: payload, answer: out.level });
      });
    }
    return out;
  }

  /** A recorded command; one that got no answer is audited and said as the command routes say it. */
  private async send(
    ctx: Ctx,
    cp: Charger,
    action: string,
    payload: Record<string, unknown>,
    audited: string,
  ) {
    const sent = await this.commands.sendRecorded(cp, action as never, payload, {
      logged: payload,
      userId: ctx.actor.userId,
    });
    if (!sent.ok) {
      await this.audited(this.db, ctx, cp, audited, { request: payload, error: sent.outcome });
      throw sentFailure(cp.chargePointId, action, sent);
    }
    return sent.answer;
  }

  /** Monitors belong to chargers with a device model: a 1.6 charger is told so in words. */
  private async charger(ctx: Ctx, id: number): Promise<Charger> {
    const cp = await repo.chargerInScope(this.db, ctx.actor, id);
    if (!cp) throw notFound('chargePoint');
    if (!reportsDeviceModel(cp.ocppProtocol)) {
      throw new AppError(409, 'monitoring.notSupported', { chargePointId: cp.chargePointId });
    }
    return cp;
  }

  private async online(ctx: Ctx, id: number): Promise<Charger> {
    const cp = await this.charger(ctx, id);
    if (!(await this.gateway.isConnected(cp.chargePointId))) {
      throw new AppError(409, 'ocpp.offline', { chargePointId: cp.chargePointId });
    }
    return cp;
  }

  private audited(tx: Tx, ctx: Ctx, cp: Charger, action: string, summary: Record<string, unknown>) {
    return audit(tx, ctx, { action, entity: 'chargePoint', entityId: cp.chargePointId, summary });
  }
}
