import {
  isSecurityVariable,
  reportsDeviceModel,
  type DeviceModel,
  type DeviceModelRefresh,
  type DeviceModelReportBody,
  type GetVariableItem,
  type Ocpp201,
  type SetVariableItem,
  type VariableResult,
} from '@voltline/contract';
import type { Db, Tx } from '../../db/client.js';
import { hashChargerPassword } from '../../lib/charger-auth.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { ChargerGateway } from '../../ocpp/gateway.js';
import { audit } from '../audit/audit.service.js';
import { promotePendingPassword, setPendingPasswordHash } from '../charge-points/charge-points.repository.js';
import type { CommandsService, SecurityProfilePreparer } from '../commands/commands.service.js';
import type { Prepared } from '../commands/prepared.js';
import { sentFailure } from '../commands/sent-failure.js';
import { customReportRequest, newRequestId, requestReport } from './device-model.reports.js';
import * as repo from './device-model.repository.js';
import { messageLimits, splitItems } from './split.js';
import { refusalOf } from './validate-value.js';
import { keyOfRefs, keyText, resultOf, toOcpp, variableOf } from './variables.js';

type Charger = NonNullable<Awaited<ReturnType<typeof repo.chargerInScope>>>;
type SetData = Ocpp201.SetVariablesRequest['setVariableData'][number];
type GetData = Ocpp201.GetVariablesRequest['getVariableData'][number];

/**
 * The device model of OCPP 2.0.1 chargers as staff see it (B05–B08): the stored report, a fresh
 * base report or a custom report on request, and reading and writing variables, each call
 * recorded as a command and audited.
 */
export class DeviceModelService {
  constructor(
    private readonly db: Db,
    private readonly gateway: ChargerGateway,
    private readonly commands: Pick<CommandsService, 'sendRecorded'>,
    private readonly securityProfiles?: SecurityProfilePreparer,
  ) {}

  /** The stored model: readable while the charger is offline; a 1.6 charger has none. */
  async model(ctx: Ctx, id: number, search?: string): Promise<DeviceModel> {
    const cp = ocpp201(await this.charger(ctx, id));
    // The report's state before the variables: a report completing between the reads then shows
    // as still awaited, never as done with the variables from before it.
    const awaitingReport = await repo.hasOpenRequest(this.db, cp.id);
    const reportedAt = await repo.lastReportedAt(this.db, cp.id);
    const rows = await repo.listVariables(this.db, cp.id, search);
    return {
      variables: rows.map(variableOf),
      reportedAt: reportedAt?.toISOString() ?? null,
      awaitingReport,
    };
  }

  /** B07: asks for a FullInventory base report; the model is replaced when its last part arrives. */
  async refresh(ctx: Ctx, id: number): Promise<DeviceModelRefresh> {
    const cp = await this.online(ctx, id);
    const payload = { requestId: newRequestId(), reportBase: 'FullInventory' as const };
    return this.askReport(ctx, cp, { action: 'GetBaseReport', payload, base: 'FullInventory' });
  }

  /**
   * B08: a custom report of the components named and/or meeting the criteria; what it reports
   * updates those variables of the stored model and leaves the others.
   */
  async customReport(ctx: Ctx, id: number, body: DeviceModelReportBody): Promise<DeviceModelRefresh> {
    const payload = customReportRequest(body);
    const cp = await this.online(ctx, id);
    return this.askReport(ctx, cp, { action: 'GetReport', payload, base: 'Custom' });
  }

  /** A report asked for by staff: audited, and its answer said. */
  private async askReport(
    ctx: Ctx,
    cp: Charger,
    request: Parameters<typeof requestReport>[3],
  ): Promise<DeviceModelRefresh> {
    const { action, payload } = request;
    const { sent, answer } = await requestReport(this.db, this.commands, cp, request, ctx.actor.userId);
    await audit(this.db, ctx, {
      action: action === 'GetReport' ? 'deviceModel.report' : 'deviceModel.refresh',
      entity: 'chargePoint',
      entityId: cp.chargePointId,
      summary: {
        requestId: payload.requestId,
        request: payload,
        answer: answer?.status ?? (sent.ok ? null : sent.outcome),
      },
    });
    if (!sent.ok) throw sentFailure(cp.chargePointId, action, sent);
    return {
      requestId: payload.requestId,
      status: answer?.status ?? 'Rejected',
      reason: answer?.statusInfo?.reasonCode ?? null,
    };
  }

  /**
   * B07 for a charger Voltline knows nothing of yet (its first acceptance): a FullInventory report
   * asked for by Voltline itself, recorded as a command of no user. Nothing when a model is stored.
   * A report asked for before this boot is asked again: the charger rebooted while sending it (or
   * before it could), and a rebooted charger sends no report of before.
   */
  async requestIfUnknown(cp: { id: number; chargePointId: string }): Promise<void> {
    if (await repo.lastReportedAt(this.db, cp.id)) return;
    await this.db.transaction(async (tx) => {
      await repo.lockCharger(tx, cp.id);
      await repo.dropOpenRequests(tx, cp.id);
    });
    const payload = { requestId: newRequestId(), reportBase: 'FullInventory' as const };
    await requestReport(
      this.db,
      this.commands,
      cp,
      { action: 'GetBaseReport', payload, base: 'FullInventory' },
      null,
    );
  }

  /** B05: validated against the stored model, sent in as many CALLs as the charger takes. */
  async setVariables(ctx: Ctx, id: number, items: SetVariableItem[]): Promise<VariableResult[]> {
    const cp = await this.online(ctx, id);
    const targets = new Map<string, { row: repo.VariableRow; item: SetVariableItem; hook?: Prepared }>();
    for (const item of items) {
      const row = await this.writable(cp, item);
      targets.set(keyText(keyOfRefs(item.component, item.variable), item.attributeType ?? 'Actual'), {
        row,
        item,
      });
    }
    for (const target of targets.values()) {
      const { item } = target;
      if (isSecurityVariable(item.component.name, item.variable.name)) {
        target.hook = await this.prepareSecurity(ctx, cp, item);
      }
    }
    const hooks = [...targets.values()].flatMap((t) => (t.hook ? [t.hook] : []));
    const data: SetData[] = items.map((i) => ({
      ...toOcpp(i),
      attributeType: i.attributeType ?? 'Actual',
      attributeValue: i.value,
    }));
    const chunks = splitItems(data, await messageLimits(this.db, cp.id, 'SetVariables'), (c) => ({
      setVariableData: c,
    }));
    const results: VariableResult[] = [];
    for (const chunk of chunks) {
      const logged = {
        setVariableData: chunk.map((d) =>
          isSecurityVariable(d.component.name, d.variable.name) ? { ...d, attributeValue: '[redacted]' } : d,
        ),
      };
      const sent = await this.commands.sendRecorded(
        cp,
        'SetVariables',
        { setVariableData: chunk },
        { logged, userId: ctx.actor.userId },
      );
      if (!sent.ok) {
        await this.db.transaction(async (tx) => {
          for (const h of hooks) await h.failed?.(tx, sent.error);
          await this.audited(tx, ctx, cp, 'deviceModel.setVariables', {
            request: logged,
            error: sent.outcome,
          });
        });
        throw sentFailure(cp.chargePointId, 'SetVariables', sent);
      }
      const answer = sent.answer as Ocpp201.SetVariablesResponse;
      const chunkResults = answer.setVariableResult.map((r) => resultOf(r, null));
      await this.db.transaction(async (tx) => {
        for (const r of chunkResults) {
          const target = targets.get(keyText(keyOfRefs(r.component, r.variable), r.attributeType));
          if (!target) continue;
          await target.hook?.after?.(tx, { status: r.status });
          if (r.status !== 'Accepted') continue;
          const { row, item } = target;
          // A WriteOnly value (a password) is never stored nor echoed.
          const secret = row.attributes.find((a) => a.type === r.attributeType)?.mutability === 'WriteOnly';
          if (secret) continue;
          r.value = item.value;
          const attributes = row.attributes.map((a) =>
            a.type === r.attributeType ? { ...a, value: item.value } : a,
          );
          await repo.setAttributes(tx, row.id, attributes, new Date());
        }
        await this.audited(tx, ctx, cp, 'deviceModel.setVariables', {
          request: logged,
          answer: chunkResults.map((r) => `${r.component.name}.${r.variable.name}: ${r.status}`),
        });
      });
      results.push(...chunkResults);
    }
    return results;
  }

  /** B06: the charger's current values, read in as many CALLs as it takes; stored values follow. */
  async getVariables(ctx: Ctx, id: number, items: GetVariableItem[]): Promise<VariableResult[]> {
    const cp = await this.online(ctx, id);
    const data: GetData[] = items.map((i) => ({ ...toOcpp(i), attributeType: i.attributeType ?? 'Actual' }));
    const chunks = splitItems(data, await messageLimits(this.db, cp.id, 'GetVariables'), (c) => ({
      getVariableData: c,
    }));
    const results: VariableResult[] = [];
    for (const chunk of chunks) {
      const payload = { getVariableData: chunk };
      const sent = await this.commands.sendRecorded(cp, 'GetVariables', payload, {
        logged: payload,
        userId: ctx.actor.userId,
      });
      if (!sent.ok) throw sentFailure(cp.chargePointId, 'GetVariables', sent);
      const answer = sent.answer as Ocpp201.GetVariablesResponse;
      const chunkResults = answer.getVariableResult.map((r) => resultOf(r, r.attributeValue ?? null));
      await this.db.transaction(async (tx) => {
        for (const r of chunkResults) {
          if (r.status !== 'Accepted') continue;
          const row = await repo.findVariable(tx, cp.id, keyOfRefs(r.component, r.variable));
          if (!row) continue;
          const attributes = row.attributes.map((a) =>
            a.type === r.attributeType ? { ...a, value: r.value } : a,
          );
          await repo.setAttributes(tx, row.id, attributes, new Date());
        }
      });
      results.push(...chunkResults);
    }
    return results;
  }

  private async charger(ctx: Ctx, id: number): Promise<Charger> {
    const cp = await repo.chargerInScope(this.db, ctx.actor, id);
    if (!cp) throw notFound('chargePoint');
    return cp;
  }

  /** A charger that reports a device model, connected now: only a live charger answers. */
  private async online(ctx: Ctx, id: number): Promise<Charger> {
    const cp = ocpp201(await this.charger(ctx, id));
    if (!(await this.gateway.isConnected(cp.chargePointId))) {
      throw new AppError(409, 'ocpp.offline', { chargePointId: cp.chargePointId });
    }
    return cp;
  }

  private async writable(cp: Charger, item: SetVariableItem) {
    const row = await repo.findVariable(this.db, cp.id, keyOfRefs(item.component, item.variable));
    const field = 'body.items';
    const name = `${item.component.name}.${item.variable.name}`;
    if (!row)
      throw new AppError(400, 'deviceModel.unknownVariable', { name }, [
        { field, key: 'deviceModel.unknownVariable', params: { name } },
      ]);
    const refusal = refusalOf(row, item.attributeType ?? 'Actual', item.value);
    if (refusal) {
      const params = { ...refusal.params, name };
      throw new AppError(400, refusal.key, params, [{ field, key: refusal.key, params }]);
    }
    return row;
  }

  /** What the 1.6 AuthorizationKey and SecurityProfile changes do, for their 2.0.1 variables (A01, A02). */
  private async prepareSecurity(ctx: Ctx, cp: Charger, item: SetVariableItem): Promise<Prepared> {
    if (item.variable.name.toLowerCase() === 'securityprofile') {
      if (!this.securityProfiles) throw new AppError(409, 'deviceModel.notSupported');
      return this.securityProfiles.prepare(ctx, cp, item.value);
    }
    // OCPP 2.0.1 BasicAuthPassword: the password itself, 16 to 40 printable characters.
    if (!/^[\x21-\x7e]{16,40}$/.test(item.value)) {
      throw new AppError(400, 'deviceModel.basicAuthPassword', {}, [
        { field: 'body.items', key: 'deviceModel.basicAuthPassword' },
      ]);
    }
    const hash = hashChargerPassword(Buffer.from(item.value, 'latin1'));
    await setPendingPasswordHash(this.db, cp.id, hash);
    return {
      payload: {},
      logged: {},
      after: (tx, answer) =>
        answer.status === 'Accepted'
          ? promotePendingPassword(tx, cp.id, hash)
          : setPendingPasswordHash(tx, cp.id, null),
      failed: (tx) => setPendingPasswordHash(tx, cp.id, null),
    };
  }

  private audited(tx: Tx, ctx: Ctx, cp: Charger, action: string, summary: Record<string, unknown>) {
    return audit(tx, ctx, { action, entity: 'chargePoint', entityId: cp.chargePointId, summary });
  }
}

/** Only a charger that reports a device model has one: another's configuration is its keys. */
function ocpp201(cp: Charger): Charger {
  if (!reportsDeviceModel(cp.ocppProtocol)) {
    throw new AppError(409, 'deviceModel.notOcpp201', { chargePointId: cp.chargePointId });
  }
  return cp;
}
