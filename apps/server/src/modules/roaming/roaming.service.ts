import {
  OCPI_VERSION,
  type InviteRoamingPartnerBody,
  type Locale,
  type RegisterRoamingPartnerBody,
  type RoamingAuthorization,
  type RoamingIdentity,
  type RoamingInvitation,
  type RoamingPartner,
  type UpdateRoamingPartnerBody,
} from '@voltline/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../audit/audit.service.js';
import { operatorInReach } from '../operators/reach.js';
import { ocpiCall, PartnerCallError } from './ocpi/client.js';
import {
  CredentialsObject,
  discover,
  moduleUrl,
  ownCredentials,
  partyRoles,
  type CallOptions,
  type OwnParty,
} from './ocpi/credentials.js';
import { hashToken, newCredentialsToken } from './ocpi/transport.js';
import { startCursor } from './push/push.repository.js';
import { toAuthorizations } from './authorizations.view.js';
import { partnerView } from './partner.view.js';
import * as repo from './roaming.repository.js';

type InviteInput = z.output<typeof InviteRoamingPartnerBody>;
type RegisterInput = z.output<typeof RegisterRoamingPartnerBody>;
type UpdateInput = z.output<typeof UpdateRoamingPartnerBody>;

export interface RoamingSettings {
  own: OwnParty;
  call: CallOptions;
  tokenADays: number;
}

/** A partner's refusal as the portal's error: 502, in the words of `roaming.*`. */
export const asAppError = (err: PartnerCallError) => new AppError(502, err.key, err.params);

/** Roaming partners as staff manage them: invited, registered with, renewed, ended (issue #31). */
export class RoamingService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: RoamingSettings,
  ) {}

  identity(): RoamingIdentity {
    const { own } = this.settings;
    return {
      versionsUrl: own.versionsUrl,
      countryCode: own.countryCode,
      partyId: own.partyId,
      version: OCPI_VERSION,
    };
  }

  /** The partners as the portal shows them, with their published operators' names in one query. */
  async toPartners(tx: Tx, rows: repo.PartnerView[], locale: Locale): Promise<RoamingPartner[]> {
    const names = await repo.operatorNames(tx, [...new Set(rows.flatMap((r) => r.publishedOperatorIds))]);
    return rows.map((p) => partnerView(p, names, locale));
  }

  async list(ctx: Ctx): Promise<RoamingPartner[]> {
    return this.toPartners(this.db, await repo.listPartners(this.db, ctx.actor), ctx.locale);
  }

  async view(tx: Tx, ctx: Ctx, id: number): Promise<repo.PartnerView> {
    const p = await repo.partnerInScope(tx, ctx.actor, id);
    if (!p) throw notFound('roamingPartner');
    return p;
  }

  async get(ctx: Ctx, id: number): Promise<RoamingPartner> {
    const [partner] = await this.toPartners(this.db, [await this.view(this.db, ctx, id)], ctx.locale);
    return partner!;
  }

  /** The last answers given at chargers about the partner's tokens (a partner out of reach: 404). */
  async authorizations(ctx: Ctx, id: number): Promise<RoamingAuthorization[]> {
    await this.view(this.db, ctx, id);
    return toAuthorizations(await repo.latestAuthorizations(this.db, id));
  }

  /**
   * What a partner may be shown: operators in the caller's reach and in the partner's operator's
   * subtree (each with those below it), and a tariff of the caller's.
   */
  private async checkPublication(
    tx: Tx,
    ctx: Ctx,
    operatorPath: string,
    body: { publishedOperatorIds?: number[] | undefined; tariffId?: number | null | undefined },
  ) {
    const ids = body.publishedOperatorIds ?? [];
    const names = await repo.operatorNames(tx, ids);
    ids.forEach((id, i) => {
      const op = names.get(id);
      const inReach = op && (ctx.actor.isAdmin || op.path.startsWith(ctx.actor.operatorPath));
      if (!op || !inReach || !op.path.startsWith(operatorPath)) {
        const field = `body.publishedOperatorIds.${i}`;
        throw new AppError(400, 'roaming.operatorNotInPartner', {}, [
          { field, key: 'roaming.operatorNotInPartner' },
        ]);
      }
    });
    if (body.tariffId) {
      const path = await repo.tariffPath(tx, body.tariffId);
      if (path === null || !(ctx.actor.isAdmin || path.startsWith(ctx.actor.operatorPath))) {
        throw new AppError(400, 'roaming.tariffOutOfReach', {}, [
          { field: 'body.tariffId', key: 'roaming.tariffOutOfReach' },
        ]);
      }
    }
  }

  async invite(ctx: Ctx, body: InviteInput): Promise<RoamingInvitation> {
    const tokenA = newCredentialsToken();
    const now = this.clock.now();
    const id = await this.db.transaction(async (tx) => {
      const op = await operatorInReach(tx, ctx.actor, body.operatorId);
      await this.checkPublication(tx, ctx, op.path, body);
      const row = await repo.insertPartner(tx, {
        operatorId: op.id,
        name: body.name,
        state: 'invited',
        direction: 'inbound',
        tokenAHash: hashToken(tokenA),
        tokenAExpiresAt: new Date(now.getTime() + this.settings.tokenADays * 86_400_000),
        publishedOperatorIds: body.publishedOperatorIds,
        tariffId: body.tariffId,
      });
      await audit(tx, ctx, {
        action: 'roaming.invite',
        entity: 'roamingPartner',
        entityId: row.id,
        subjectOperatorId: op.id,
        summary: {
          name: body.name,
          publishedOperatorIds: body.publishedOperatorIds,
          tariffId: body.tariffId,
        },
      });
      return row.id;
    });
    return { partner: await this.get(ctx, id), tokenA, versionsUrl: this.settings.own.versionsUrl };
  }

  /**
   * Voltline registers with a partner (7.1.1, Voltline the Sender): the partner's versions with its
   * token A, a token B stored (hashed) before the POST so the partner can call back with it, the
   * partner's token C kept. A failure leaves nothing behind and is said in words.
   */
  async register(ctx: Ctx, body: RegisterInput): Promise<RoamingPartner> {
    const op = await this.db.transaction(async (tx) => {
      const found = await operatorInReach(tx, ctx.actor, body.operatorId);
      await this.checkPublication(tx, ctx, found.path, body);
      return found;
    });
    const { call, own } = this.settings;
    let discovered: Awaited<ReturnType<typeof discover>>;
    try {
      discovered = await discover(body.versionsUrl, body.tokenA, call);
    } catch (err) {
      throw err instanceof PartnerCallError ? asAppError(err) : err;
    }
    const credentialsUrl = moduleUrl(discovered.endpoints, 'credentials');
    if (!credentialsUrl) throw new AppError(502, 'roaming.noCredentialsModule');
    const tokenB = newCredentialsToken();
    const row = await repo.insertPartner(this.db, {
      operatorId: op.id,
      name: body.name,
      state: 'invited',
      direction: 'outbound',
      incomingTokenHash: hashToken(tokenB),
      versionsUrl: body.versionsUrl,
      version: discovered.version,
      endpoints: discovered.endpoints,
      publishedOperatorIds: body.publishedOperatorIds,
      tariffId: body.tariffId,
    });
    try {
      const answer = await ocpiCall(
        { method: 'POST', url: credentialsUrl, token: body.tokenA, body: ownCredentials(own, tokenB) },
        call,
      );
      const theirs = CredentialsObject.safeParse(answer.data);
      if (!theirs.success) throw new PartnerCallError('roaming.badCredentials', {});
      await this.db.transaction(async (tx) => {
        const fields = { ...this.registeredFields(theirs.data), ...(await startCursor(tx)) };
        await repo.updatePartner(tx, row.id, fields, this.clock.now());
        await audit(tx, ctx, {
          action: 'roaming.register',
          entity: 'roamingPartner',
          entityId: row.id,
          subjectOperatorId: op.id,
          summary: {
            name: body.name,
            versionsUrl: body.versionsUrl,
            publishedOperatorIds: body.publishedOperatorIds,
          },
        });
      });
    } catch (err) {
      await repo.deletePartner(this.db, row.id);
      throw err instanceof PartnerCallError ? asAppError(err) : err;
    }
    return this.get(ctx, row.id);
  }

  /** The fields a partner's credentials set: its token for Voltline's calls, its roles and party. */
  registeredFields(theirs: CredentialsObject): Partial<repo.NewPartner> {
    const roles = partyRoles(theirs);
    const first = roles[0]!;
    return {
      state: 'registered',
      outgoingToken: theirs.token,
      roles,
      role: first.role,
      countryCode: first.countryCode,
      partyId: first.partyId,
      lastSuccessAt: this.clock.now(),
    };
  }

  async update(ctx: Ctx, id: number, body: UpdateInput): Promise<RoamingPartner> {
    await this.db.transaction(async (tx) => {
      const p = await this.view(tx, ctx, id);
      await this.checkPublication(tx, ctx, p.operatorPath, body);
      const patch = {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.publishedOperatorIds === undefined
          ? {}
          : { publishedOperatorIds: body.publishedOperatorIds }),
        ...(body.tariffId === undefined ? {} : { tariffId: body.tariffId }),
      };
      // What the partner is shown changed: everything is sent again at the next push.
      const resend = { locationsSyncedAt: null, tariffsSyncedAt: null };
      await repo.updatePartner(tx, id, { ...patch, ...resend }, this.clock.now());
      const before = { name: p.name, publishedOperatorIds: p.publishedOperatorIds, tariffId: p.tariffId };
      await audit(tx, ctx, {
        action: 'update',
        entity: 'roamingPartner',
        entityId: id,
        subjectOperatorId: p.operatorId,
        summary: { before, after: { ...before, ...patch } },
      });
    });
    return this.get(ctx, id);
  }

  /** Records a failed exchange on the partner's page (in the reader's language when shown). */
  async recordError(id: number, err: PartnerCallError) {
    await repo.recordPartnerError(this.db, id, {
      at: this.clock.now().toISOString(),
      key: err.key,
      params: err.params,
    });
  }
}

/** An ended partnership: no token of either side works any more. */
export const ENDED = {
  state: 'unregistered',
  tokenAHash: null,
  tokenAExpiresAt: null,
  incomingTokenHash: null,
  pendingTokenHash: null,
  outgoingToken: null,
} as const;
