import { HUB_CLIENT_STATES, OCPI_ROLES, type RoamingHubClient } from '@voltline/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { audit, NO_USER } from '../audit/audit.service.js';
import { PartnerCallError } from './ocpi/client.js';
import { CredentialsObject, discover, ownCredentials } from './ocpi/credentials.js';
import {
  OCPI_STATUS,
  OcpiError,
  hashToken,
  invalidParameters,
  methodNotAllowed,
  newCredentialsToken,
  tokensOf,
} from './ocpi/transport.js';
import { startCursor } from './push/push.repository.js';
import * as repo from './roaming.repository.js';
import { ENDED, type RoamingService, type RoamingSettings } from './roaming.service.js';

/** The ClientInfo object (15.3.1) a hub pushes. */
const ClientInfo = z.object({
  party_id: z.string().regex(/^[A-Za-z0-9]{3}$/),
  country_code: z.string().regex(/^[A-Za-z]{2}$/),
  role: z.enum(OCPI_ROLES),
  status: z.enum(HUB_CLIENT_STATES),
  last_updated: z.iso.datetime({ offset: true }),
});

/** Who is calling /ocpi: the partner its credentials token belongs to, and as which token. */
export interface OcpiCaller {
  partner: repo.PartnerRow;
  kind: repo.TokenKind;
  /** The token as presented (decoded): Voltline's credentials GET gives it back. */
  token: string;
}

/**
 * The credentials module as Voltline serves it (7.2): a partner registers with the token A staff
 * made, renews its credentials, ends the partnership. The other side of RoamingService.
 */
export class RoamingInbound {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: RoamingSettings,
    private readonly service: RoamingService,
  ) {}

  async authenticate(header: string | undefined): Promise<OcpiCaller | null> {
    const tokens = tokensOf(header);
    if (!tokens) return null;
    const found = await repo.partnerByToken(this.db, tokens.map(hashToken), this.clock.now());
    if (!found) return null;
    const hashes = [
      found.partner.incomingTokenHash,
      found.partner.pendingTokenHash,
      found.partner.tokenAHash,
    ];
    const token = tokens.find((t) => hashes.includes(hashToken(t))) ?? tokens[0]!;
    return { ...found, token };
  }

  /** GET: Voltline's credentials for the caller, with the token it called with. */
  credentials(caller: OcpiCaller) {
    return ownCredentials(this.settings.own, caller.token);
  }

  private parse(body: unknown): CredentialsObject {
    const parsed = CredentialsObject.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalidParameters(
        `Invalid credentials object: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? ''}`,
      );
    }
    return parsed.data;
  }

  /** The partner's 2.2.1 endpoints, read with its new token; what fails is 3001 or 3002 (7.1.5). */
  private async discover(theirs: CredentialsObject) {
    try {
      return await discover(theirs.url, theirs.token, this.settings.call);
    } catch (err) {
      if (!(err instanceof PartnerCallError)) throw err;
      if (err.key === 'roaming.noCommonVersion')
        throw new OcpiError(
          200,
          OCPI_STATUS.unsupportedVersion,
          `No OCPI 2.2.1 offered (${err.params.offered})`,
        );
      throw new OcpiError(
        200,
        OCPI_STATUS.unableToUseClientApi,
        `Cannot use your versions endpoint ${theirs.url}`,
      );
    }
  }

  /** POST (7.2.2): registration with an invitation's token A; a registered partner is refused 405. */
  async register(caller: OcpiCaller, body: unknown) {
    if (caller.kind !== 'tokenA') throw methodNotAllowed('Already registered: use PUT to update credentials');
    const theirs = this.parse(body);
    const discovered = await this.discover(theirs);
    const tokenC = newCredentialsToken();
    await this.db.transaction(async (tx) => {
      const row = await repo.lockPartner(tx, caller.partner.id);
      if (!row || row.state !== 'invited' || row.tokenAHash !== caller.partner.tokenAHash)
        throw methodNotAllowed('Already registered: use PUT to update credentials');
      await repo.updatePartner(
        tx,
        row.id,
        {
          ...this.service.registeredFields(theirs),
          ...(await startCursor(tx)),
          tokenAHash: null,
          tokenAExpiresAt: null,
          incomingTokenHash: hashToken(tokenC),
          versionsUrl: theirs.url,
          version: discovered.version,
          endpoints: discovered.endpoints,
        },
        this.clock.now(),
      );
      await audit(tx, NO_USER, {
        action: 'roaming.partnerRegistered',
        entity: 'roamingPartner',
        entityId: row.id,
        subjectOperatorId: row.operatorId,
        summary: {
          versionsUrl: theirs.url,
          roles: theirs.roles.map((r) => `${r.country_code}*${r.party_id} ${r.role}`),
        },
      });
    });
    return ownCredentials(this.settings.own, tokenC);
  }

  /** PUT (7.2.3): new credentials and endpoints of a registered partner; a new token for it. */
  async update(caller: OcpiCaller, body: unknown) {
    if (caller.kind === 'tokenA' || caller.partner.state !== 'registered')
      throw methodNotAllowed('Not registered: use POST to register');
    const theirs = this.parse(body);
    const discovered = await this.discover(theirs);
    const tokenC = newCredentialsToken();
    await this.db.transaction(async (tx) => {
      await repo.updatePartner(
        tx,
        caller.partner.id,
        {
          ...this.service.registeredFields(theirs),
          incomingTokenHash: hashToken(tokenC),
          pendingTokenHash: null,
          versionsUrl: theirs.url,
          version: discovered.version,
          endpoints: discovered.endpoints,
        },
        this.clock.now(),
      );
      await audit(tx, NO_USER, {
        action: 'roaming.partnerUpdated',
        entity: 'roamingPartner',
        entityId: caller.partner.id,
        subjectOperatorId: caller.partner.operatorId,
        summary: { versionsUrl: theirs.url },
      });
    });
    return ownCredentials(this.settings.own, tokenC);
  }

  /**
   * PUT hubclientinfo (15.2.2): a hub's word on one of its parties, kept on the partner's page. The
   * URL's party must be the object's; only a hub has clients.
   */
  async storeHubClient(caller: OcpiCaller, countryCode: string, partyId: string, body: unknown) {
    if (caller.partner.role !== 'HUB') throw invalidParameters('Only a hub reports its clients');
    const parsed = ClientInfo.safeParse(body);
    if (!parsed.success) throw invalidParameters('Invalid ClientInfo object');
    const info = parsed.data;
    if (
      info.country_code.toUpperCase() !== countryCode.toUpperCase() ||
      info.party_id.toUpperCase() !== partyId.toUpperCase()
    )
      throw invalidParameters('The ClientInfo object names another party than the URL');
    const client: RoamingHubClient = {
      countryCode: info.country_code.toUpperCase(),
      partyId: info.party_id.toUpperCase(),
      role: info.role,
      status: info.status,
      lastUpdated: new Date(info.last_updated).toISOString(),
    };
    await this.db.transaction(async (tx) => {
      const row = await repo.lockPartner(tx, caller.partner.id);
      if (!row) return;
      const others = row.hubClients.filter(
        (c) => !(c.countryCode === client.countryCode && c.partyId === client.partyId),
      );
      await repo.updatePartner(tx, row.id, { hubClients: [...others, client] }, this.clock.now());
    });
  }

  /** GET hubclientinfo of one party: what the hub last said of it, in OCPI's shape. */
  hubClient(caller: OcpiCaller, countryCode: string, partyId: string) {
    const c = caller.partner.hubClients.find(
      (x) => x.countryCode === countryCode.toUpperCase() && x.partyId === partyId.toUpperCase(),
    );
    return c
      ? {
          party_id: c.partyId,
          country_code: c.countryCode,
          role: c.role,
          status: c.status,
          last_updated: c.lastUpdated,
        }
      : null;
  }

  /** DELETE (7.2.4): the partner ends the partnership; its tokens stop working at once. */
  async unregister(caller: OcpiCaller) {
    if (caller.kind === 'tokenA' || caller.partner.state !== 'registered')
      throw methodNotAllowed('Not registered');
    await this.db.transaction(async (tx) => {
      await repo.updatePartner(tx, caller.partner.id, ENDED, this.clock.now());
      await audit(tx, NO_USER, {
        action: 'roaming.partnerUnregistered',
        entity: 'roamingPartner',
        entityId: caller.partner.id,
        subjectOperatorId: caller.partner.operatorId,
        summary: { name: caller.partner.name },
      });
    });
  }
}
