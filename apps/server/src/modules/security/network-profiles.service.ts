import {
  setsNetworkProfiles,
  type NetworkPriorityAnswer,
  type NetworkPriorityBody,
  type NetworkProfileAnswer,
  type NetworkProfileBody,
  type Ocpp201,
} from '@voltline/contract';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../audit/audit.service.js';
import { findChargePoint } from '../charge-points/registry.repository.js';
import type { CommandsService, Prepared, Target } from '../commands/commands.service.js';
import { sentFailure } from '../commands/sent-failure.js';
import type { SecurityProfiles } from './security-profiles.service.js';

type Sent = Awaited<ReturnType<CommandsService['sendRecorded']>>;
type Failed = Extract<Sent, { ok: false }>;

const PRIORITY = { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'NetworkConfigurationPriority' } };

/**
 * A charger's network connection profiles (OCPP 2.0.1 B09, B10), for chargers whose protocol keeps
 * them (the `networkProfiles` capability); another charger's are refused in words before anything
 * is sent. A profile's security profile is never below the charger's; a higher one passes the
 * raise's checks (TLS, password, certificate) and is pending until the charger reconnects with it.
 * Each call is recorded as a command, and each answer audited in one transaction with what it
 * changes.
 */
export class NetworkProfiles {
  constructor(
    private readonly db: Db,
    private readonly commands: Pick<CommandsService, 'sendRecorded'>,
    private readonly securityProfiles: Pick<SecurityProfiles, 'prepare'>,
  ) {}

  /** B09: SetNetworkProfile of one configuration slot. */
  async set(ctx: Ctx, id: number, body: NetworkProfileBody): Promise<NetworkProfileAnswer> {
    const { cp, target } = await this.charger(ctx, id, 'SetNetworkProfile');
    const { configurationSlot, ...connectionData } = body;
    if (body.securityProfile < cp.securityProfile) {
      throw new AppError(400, 'securityProfile.downgrade', {
        current: cp.securityProfile,
        profile: body.securityProfile,
      });
    }
    const raise: Prepared | null =
      body.securityProfile > cp.securityProfile
        ? await this.securityProfiles.prepare(ctx, target, String(body.securityProfile))
        : null;
    const payload: Ocpp201.SetNetworkProfileRequest = { configurationSlot, connectionData };
    const sent = await this.commands.sendRecorded(target, 'SetNetworkProfile', payload, {
      logged: payload,
      userId: ctx.actor.userId,
    });
    const status = sent.ok ? String((sent.answer as Ocpp201.SetNetworkProfileResponse).status) : null;
    await this.db.transaction(async (tx) => {
      if (!sent.ok) await raise?.failed?.(tx, sent.error);
      // The charger uses the profile only once it is prioritised and the charger reconnects (B10).
      else await raise?.after?.(tx, { status, appliesOnReconnect: true });
      await audit(tx, ctx, {
        action: 'networkProfile.set',
        entity: 'chargePoint',
        entityId: cp.chargePointId,
        summary: { request: payload, answer: sent.ok ? status : sent.outcome },
      });
    });
    if (!sent.ok) throw sentFailure(cp.chargePointId, 'SetNetworkProfile', sent);
    return { status: status ?? 'Rejected' };
  }

  /** B10: the slots' order (NetworkConfigurationPriority), then a Reset once it is taken. */
  async prioritise(ctx: Ctx, id: number, body: NetworkPriorityBody): Promise<NetworkPriorityAnswer> {
    const { cp, target } = await this.charger(ctx, id, 'SetVariables');
    const payload: Ocpp201.SetVariablesRequest = {
      setVariableData: [{ ...PRIORITY, attributeValue: body.priority.join(',') }],
    };
    const sent = await this.commands.sendRecorded(target, 'SetVariables', payload, {
      logged: payload,
      userId: ctx.actor.userId,
    });
    const status = sent.ok
      ? ((sent.answer as Ocpp201.SetVariablesResponse).setVariableResult[0]?.attributeStatus ?? 'Rejected')
      : null;
    let reset: string | null = null;
    let resetFailed: Failed | null = null;
    if (status === 'Accepted' || status === 'RebootRequired') {
      // The command language's Soft reset: OnIdle on a 2.0.1 charger, so no transaction is cut short.
      const r = await this.commands.sendRecorded(
        target,
        'Reset',
        { type: 'Soft' },
        { logged: { type: 'Soft' }, userId: ctx.actor.userId },
      );
      if (r.ok) reset = String(r.answer.chargerStatus ?? r.answer.status);
      else resetFailed = r;
    }
    await audit(this.db, ctx, {
      action: 'networkProfile.priority',
      entity: 'chargePoint',
      entityId: cp.chargePointId,
      summary: {
        priority: body.priority,
        answer: status ?? (sent.ok ? null : sent.outcome),
        reset: reset ?? resetFailed?.outcome ?? null,
      },
    });
    if (!sent.ok) throw sentFailure(cp.chargePointId, 'SetVariables', sent);
    if (resetFailed) throw sentFailure(cp.chargePointId, 'Reset', resetFailed);
    return { status: status ?? 'Rejected', reset };
  }

  /** The charge point in the actor's reach, whose protocol keeps network profiles. */
  private async charger(ctx: Ctx, id: number, action: string) {
    const found = await findChargePoint(this.db, ctx.actor, id);
    if (!found) throw notFound('chargePoint');
    const { cp } = found;
    if (!setsNetworkProfiles(cp.ocppProtocol)) {
      throw new AppError(409, 'ocpp.notSupported', { chargePointId: cp.chargePointId, action });
    }
    const target: Target = {
      id: cp.id,
      chargePointId: cp.chargePointId,
      operatorId: cp.operatorId,
      operatorPath: found.operatorPath,
      ocppProtocol: cp.ocppProtocol,
    };
    return { cp, target };
  }
}
