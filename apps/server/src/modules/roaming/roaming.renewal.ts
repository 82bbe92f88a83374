import type { RoamingPartner } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { translate } from '../../lib/messages.js';
import { audit } from '../audit/audit.service.js';
import { ocpiCall, PartnerCallError } from './ocpi/client.js';
import { CredentialsObject, discover, moduleUrl, ownCredentials } from './ocpi/credentials.js';
import { hashToken, newCredentialsToken } from './ocpi/transport.js';
import * as repo from './roaming.repository.js';
import { asAppError, ENDED, type RoamingService, type RoamingSettings } from './roaming.service.js';

/** A registered partnership renewed (credentials PUT) or ended (credentials DELETE) from the portal. */
export class PartnerRenewal {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: RoamingSettings,
    private readonly service: RoamingService,
  ) {}

  /**
   * New credentials with the partner (7.1.4): its endpoints read again, a new token for it to call
   * with (valid beside the old one until the partner answers), its new token for Voltline kept.
   */
  async refresh(ctx: Ctx, id: number): Promise<RoamingPartner> {
    const p = await this.service.view(this.db, ctx, id);
    if (p.state !== 'registered' || !p.outgoingToken || !p.versionsUrl)
      throw new AppError(409, 'roaming.notRegistered');
    const tokenB = newCredentialsToken();
    try {
      const discovered = await discover(p.versionsUrl, p.outgoingToken, this.settings.call);
      const url = moduleUrl(discovered.endpoints, 'credentials');
      if (!url) throw new PartnerCallError('roaming.noCredentialsModule', {});
      await repo.updatePartner(this.db, id, { pendingTokenHash: hashToken(tokenB) }, this.clock.now());
      const answer = await ocpiCall(
        { method: 'PUT', url, token: p.outgoingToken, body: ownCredentials(this.settings.own, tokenB) },
        this.settings.call,
      );
      const theirs = CredentialsObject.safeParse(answer.data);
      if (!theirs.success) throw new PartnerCallError('roaming.badCredentials', {});
      await this.db.transaction(async (tx) => {
        await repo.updatePartner(
          tx,
          id,
          {
            ...this.service.registeredFields(theirs.data),
            incomingTokenHash: hashToken(tokenB),
            pendingTokenHash: null,
            endpoints: discovered.endpoints,
            version: discovered.version,
          },
          this.clock.now(),
        );
        await audit(tx, ctx, {
          action: 'roaming.refresh',
          entity: 'roamingPartner',
          entityId: id,
          subjectOperatorId: p.operatorId,
          summary: { name: p.name },
        });
      });
    } catch (err) {
      await repo.updatePartner(this.db, id, { pendingTokenHash: null }, this.clock.now());
      if (!(err instanceof PartnerCallError)) throw err;
      await this.service.recordError(id, err);
      throw asAppError(err);
    }
    return this.service.get(ctx, id);
  }

  /**
   * Ends the partnership (7.2.4): the partner is told by a credentials DELETE when it can be, and
   * its tokens stop working here at once whether or not it could.
   */
  async unregister(ctx: Ctx, id: number): Promise<{ partner: RoamingPartner; message: string }> {
    const p = await this.service.view(this.db, ctx, id);
    if (p.state === 'unregistered') throw new AppError(409, 'roaming.alreadyEnded');
    let failure: PartnerCallError | null = null;
    const url = moduleUrl(p.endpoints, 'credentials');
    if (p.state === 'registered' && url && p.outgoingToken) {
      try {
        await ocpiCall({ method: 'DELETE', url, token: p.outgoingToken }, this.settings.call);
      } catch (err) {
        if (!(err instanceof PartnerCallError)) throw err;
        failure = err;
        await this.service.recordError(id, err);
      }
    }
    await this.db.transaction(async (tx) => {
      await repo.updatePartner(tx, id, ENDED, this.clock.now());
      await audit(tx, ctx, {
        action: 'roaming.unregister',
        entity: 'roamingPartner',
        entityId: id,
        subjectOperatorId: p.operatorId,
        summary: { name: p.name, partnerTold: failure === null },
      });
    });
    const message = failure
      ? translate(ctx.locale, 'roaming.unregisteredLocally', {
          reason: translate(ctx.locale, failure.key, failure.params),
        })
      : translate(ctx.locale, 'roaming.unregisteredDone');
    return { partner: await this.service.get(ctx, id), message };
  }
}
