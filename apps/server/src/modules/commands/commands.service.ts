import {
  COMMAND_ACTIONS,
  type CommandBody,
  type CommandName,
  type CommandRecord,
  type Page,
} from '@voltline/contract';
import type { Db, Tx } from '../../db/client.js';
import { authorizationKeyBytes, hashChargerPassword, hexOfPassword } from '../../lib/charger-auth.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { ChargerGateway, OutboundAction } from '../../ocpp/gateway.js';
import { findChargePoint } from '../charge-points/registry.repository.js';
import * as records from './command-records.repository.js';
import { audit } from '../audit/audit.service.js';
import {
  findInScope,
  promotePendingPassword,
  setPendingPasswordHash,
} from '../charge-points/charge-points.repository.js';
import { recordCommandInMaintenance } from '../maintenance/maintenance.commands.js';
import { rememberProfiles } from './charging-profiles.js';
import { prepareListVersion, prepareLocalList } from './local-list.js';
import type { LocalListLimitsLookup } from './local-list-limits.js';
import { prepareTransactionStatus } from './transaction-status.js';
import type { Payload, Prepared } from './prepared.js';
import { prepareSignedUpdate } from './signed-firmware.js';
import { isDisplayCommand, prepareDisplayCommand } from './display-messages.js';

export type Target = NonNullable<Awaited<ReturnType<typeof findInScope>>>;

/**
 * Prepares GetDiagnostics and GetLog: a location Voltline generates when none is given, and the
 * request's record (a GetLog's requestId).
 */
export interface DiagnosticsPreparer {
  prepare(ctx: Ctx, cp: Target, request: Payload): Promise<Prepared>;
  prepareLog(ctx: Ctx, cp: Target, request: Payload): Promise<Prepared>;
}
export type { Prepared } from './prepared.js';

/** Prepares ChangeConfiguration of SecurityProfile: the edition's rules for raising a profile. */
export interface SecurityProfilePreparer {
  prepare(ctx: Ctx, cp: Target, value: string): Promise<Prepared>;
}

/** Prepares the root-certificate commands (InstallCertificate, GetInstalledCertificateIds, DeleteCertificate). */
export interface CertificatePreparer {
  handles(command: CommandName): boolean;
  prepare(cp: Target, command: CommandName, request: Payload): Promise<Prepared>;
}

/**
 * Remote commands from staff to chargers: reach check, the call, an audit line either way, and a
 * record of every command with what became of it (shown on the charge point's detail).
 */
export class CommandsService {
  constructor(
    private readonly db: Db,
    private readonly gateway: ChargerGateway,
    /** This process, as its command records name it (NODE_ID). */
    private readonly nodeId: string,
    private readonly diagnostics?: DiagnosticsPreparer,
    private readonly securityProfiles?: SecurityProfilePreparer,
    private readonly certificates?: CertificatePreparer,
    /** Each protocol's answer to what a charger takes of a local list (unknown limits without it). */
    private readonly localListLimits?: LocalListLimitsLookup,
  ) {}

  /**
   * At start: the commands this process sent before it stopped that never got their answer are
   * recorded as lost. Their answer, if any, went to a socket that is gone.
   */
  markLost(): Promise<number> {
    return records.markLost(this.db, this.nodeId, 'Voltline restarted before the charger answered');
  }

  /** A charge point's commands, newest first. */
  async history(ctx: Ctx, id: number, index: number, size: number): Promise<Page<CommandRecord>> {
    const found = await findChargePoint(this.db, ctx.actor, id);
    if (!found) throw notFound('chargePoint');
    const { items, total } = await records.pageRecords(this.db, found.cp.id, index * size, size);
    return { items, total, index, size };
  }

  async send<C extends CommandName>(ctx: Ctx, command: C, body: CommandBody<C>): Promise<Payload> {
    return (await this.sendWithRecord(ctx, command, body)).answer;
  }

  /** As `send`, with the command's record, so the portal can follow what became of it. */
  async sendWithRecord<C extends CommandName>(
    ctx: Ctx,
    command: C,
    body: CommandBody<C>,
  ): Promise<{ answer: Payload; recordId: number }> {
    const cp = await findInScope(this.db, ctx.actor, body.chargePointId);
    if (!cp) throw notFound('chargePoint');
    const { chargePointId: _id, ...request } = body as CommandBody<C> & { chargePointId: string };
    const prepared = await this.prepare(ctx, command, cp, request);
    const action: OutboundAction = COMMAND_ACTIONS[command];
    const record = (summary: Payload, tx: Tx) =>
      audit(tx, ctx, {
        action: `command.${command}`,
        entity: 'chargePoint',
        entityId: cp.chargePointId,
        summary,
      });
    const recordId = await records.insertRecord(this.db, {
      chargePointId: cp.id,
      action,
      request: prepared.logged,
      userId: ctx.actor.userId,
      nodeId: this.nodeId,
    });
    const parts = prepared.parts ?? [prepared.payload];
    let answer: Payload = {};
    let accepted = 0;
    try {
      // A command in parts stops at the first part the charger does not accept.
      for (const part of parts) {
        answer = await this.gateway.call(cp.chargePointId, action, part);
        if (answer.status !== 'Accepted') break;
        accepted++;
      }
    } catch (err) {
      await this.db.transaction(async (tx) => {
        await prepared.failed?.(tx, err, accepted);
        await records.finishRecord(tx, recordId, outcomeOf(err), { error: errorText(err) });
        await record({ request: prepared.logged, error: err instanceof AppError ? err.key : 'error' }, tx);
      });
      throw err;
    }
    await this.db.transaction(async (tx) => {
      if (answer.status === 'Accepted') await rememberProfiles(tx, ctx, cp.id, command, prepared.payload);
      await prepared.after?.(tx, answer, accepted);
      await recordCommandInMaintenance(tx, ctx, cp.id, command, prepared.payload, answer);
      const status = typeof answer.status === 'string' ? answer.status : null;
      // A remote start's answer names what the charger tied it to (remoteStartId, its transaction
      // id), by which its outcome is followed (remote-start.ts).
      const kept = command === 'startTransaction' ? { answer } : {};
      await records.finishRecord(tx, recordId, 'answered', { status, ...kept });
      await record({ request: prepared.logged, answer: 'status' in answer ? answer.status : 'received' }, tx);
    });
    const stopped = parts.length > 1 && accepted < parts.length;
    return {
      answer: { ...answer, ...prepared.extra, ...(stopped ? { refusedPart: accepted + 1 } : {}) },
      recordId,
    };
  }

  /**
   * A command Voltline sends by itself on behalf of a user's earlier decision (a firmware
   * campaign's UpdateFirmware): recorded like staff's commands, audited by its caller. Never
   * throws for the charger's sake: the outcome says what happened.
   */
  async sendRecorded(
    cp: { id: number; chargePointId: string },
    action: OutboundAction,
    payload: Payload,
    opts: { logged: Payload; userId: number | null },
  ): Promise<
    | { recordId: number; ok: true; answer: Payload }
    | { recordId: number; ok: false; outcome: 'callError' | 'timedOut' | 'offline'; error: string | null }
  > {
    const recordId = await records.insertRecord(this.db, {
      chargePointId: cp.id,
      action,
      request: opts.logged,
      userId: opts.userId,
      nodeId: this.nodeId,
    });
    try {
      const answer: Payload = await this.gateway.call(cp.chargePointId, action, payload);
      const status = typeof answer.status === 'string' ? answer.status : null;
      await records.finishRecord(this.db, recordId, 'answered', { status });
      return { recordId, ok: true, answer };
    } catch (err) {
      const outcome = outcomeOf(err);
      const error = errorText(err);
      await records.finishRecord(this.db, recordId, outcome, { error });
      return { recordId, ok: false, outcome, error };
    }
  }

  private async prepare(ctx: Ctx, command: CommandName, cp: Target, request: Payload): Promise<Prepared> {
    if (command === 'getDiagnostic' && this.diagnostics) return this.diagnostics.prepare(ctx, cp, request);
    if (command === 'getLog' && this.diagnostics) return this.diagnostics.prepareLog(ctx, cp, request);
    if (command === 'signedUpdateFirmware') return prepareSignedUpdate(this.db, request);
    if (command === 'changeConfiguration' && String(request.key).toLowerCase() === 'authorizationkey') {
      return this.newPassword(cp, String(request.value));
    }
    if (this.certificates?.handles(command)) return this.certificates.prepare(cp, command, request);
    if (
      command === 'changeConfiguration' &&
      String(request.key).toLowerCase() === 'securityprofile' &&
      this.securityProfiles
    ) {
      return this.securityProfiles.prepare(ctx, cp, String(request.value));
    }
    if (command === 'sendLocalList') {
      return prepareLocalList(this.db, cp, request.updateType === 'Differential', this.localListLimits);
    }
    if (command === 'getTransactionStatus') return prepareTransactionStatus(this.db, cp, request);
    if (isDisplayCommand(command)) return prepareDisplayCommand(this.db, cp, command, request);
    if (command === 'getLocalListVersion') return prepareListVersion(this.db, cp, request);
    if (command === 'updateFirmware' && request.retrieveDate === undefined) {
      // OCPP 1.6 UpdateFirmware requires retrieveDate; left out, the charger fetches the image now.
      const now = { ...request, retrieveDate: new Date().toISOString() };
      return { payload: now, logged: now };
    }
    return { payload: request, logged: request };
  }

  /**
   * ChangeConfiguration of AuthorizationKey carries the charger's next Basic-auth password, in
   * hexadecimal as the security edition says. Voltline keeps it as pending while the charger
   * decides (it may reconnect with it at once), and as the password only if it answers Accepted.
   */
  private async newPassword(cp: Target, value: string): Promise<Prepared> {
    const password = authorizationKeyBytes(value);
    if (!password) {
      throw new AppError(400, 'command.authorizationKey', {}, [
        { field: 'body.value', key: 'command.authorizationKey' },
      ]);
    }
    const hash = hashChargerPassword(password);
    await setPendingPasswordHash(this.db, cp.id, hash);
    return {
      payload: { key: 'AuthorizationKey', value: hexOfPassword(password) },
      logged: { key: 'AuthorizationKey', value: '[redacted]' },
      after: (tx, answer) =>
        answer.status === 'Accepted'
          ? promotePendingPassword(tx, cp.id, hash)
          : setPendingPasswordHash(tx, cp.id, null),
      failed: (tx) => setPendingPasswordHash(tx, cp.id, null),
    };
  }
}

/** The outcome of a command whose call failed, from the gateway's error (see commandError). */
export function outcomeOf(err: unknown): 'callError' | 'timedOut' | 'offline' {
  if (err instanceof AppError && err.key === 'ocpp.timeout') return 'timedOut';
  if (err instanceof AppError && err.key === 'ocpp.offline') return 'offline';
  return 'callError';
}

/** The CALLERROR's code and description, or what else went wrong; nothing for a timeout or an offline charger. */
export function errorText(err: unknown): string | null {
  if (err instanceof AppError && (err.key === 'ocpp.timeout' || err.key === 'ocpp.offline')) return null;
  if (err instanceof AppError && err.key === 'ocpp.callError') {
    const { code, description } = err.params;
    return description ? `${code}: ${description}` : String(code);
  }
  return err instanceof AppError ? err.key : 'Voltline could not send the command';
}
