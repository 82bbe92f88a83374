import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { roamingTokens } from '../../../db/schema/index.js';
import type { PartnerRow } from '../roaming.repository.js';
import { OCPI_STATUS, OcpiError } from '../ocpi/transport.js';
import { OcpiTokenSchema, TOKEN_TYPES, type OcpiToken } from './token.js';
import { upsertToken, type RoamingTokenRow } from './tokens.repository.js';

/** The URL's parts of a Token: `/tokens/{country_code}/{party_id}/{token_uid}[?type=]`. */
export interface TokenKey {
  countryCode: string;
  partyId: string;
  uid: string;
  type: string;
}

/** A request in valid JSON refused: HTTP 200 with the OCPI status (transport_and_format 4.1.7). */
const invalid = (message: string) => new OcpiError(200, OCPI_STATUS.invalidParameters, message);

/** A stored token as the Token object the eMSP gave (its own words, optional fields left out when empty). */
export function toOcpiToken(row: RoamingTokenRow): OcpiToken {
  return {
    country_code: row.countryCode,
    party_id: row.partyId,
    uid: row.uid,
    type: row.type as OcpiToken['type'],
    contract_id: row.contractId,
    ...(row.visualNumber !== null ? { visual_number: row.visualNumber } : {}),
    issuer: row.issuer,
    ...(row.groupId !== null ? { group_id: row.groupId } : {}),
    valid: row.valid,
    whitelist: row.whitelist as OcpiToken['whitelist'],
    ...(row.language !== null ? { language: row.language } : {}),
    ...(row.defaultProfileType !== null
      ? { default_profile_type: row.defaultProfileType as OcpiToken['default_profile_type'] }
      : {}),
    ...(row.energyContract !== null
      ? { energy_contract: row.energyContract as OcpiToken['energy_contract'] }
      : {}),
    last_updated: row.lastUpdated.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

/**
 * OCPI 2.2.1 Tokens, Voltline the receiver (§12.2.2): an eMSP pushes its tokens (PUT), changes them
 * (PATCH) and reads back what Voltline holds (GET). A partner speaks only for its own parties (its
 * roles): another party's token is refused. Token values are data, not staff changes: not audited.
 */
export class TokensReceiver {
  constructor(private readonly db: Db) {}

  /** The URL's key, checked: the type known, the party one of the caller's roles. */
  key(partner: PartnerRow, params: Record<string, string>, type: unknown): TokenKey {
    const t = typeof type === 'string' && type !== '' ? type : 'RFID';
    if (!(TOKEN_TYPES as readonly string[]).includes(t)) throw invalid(`Unknown token type ${t}`);
    const countryCode = (params.countryCode ?? '').toUpperCase();
    const partyId = (params.partyId ?? '').toUpperCase();
    const own =
      partner.roles.some(
        (r) => r.countryCode.toUpperCase() === countryCode && r.partyId.toUpperCase() === partyId,
      ) ||
      (partner.countryCode?.toUpperCase() === countryCode && partner.partyId?.toUpperCase() === partyId);
    if (!own)
      throw new OcpiError(
        200,
        OCPI_STATUS.clientError,
        `${countryCode}*${partyId} is not one of your parties`,
      );
    return { countryCode, partyId, uid: params.uid ?? '', type: t };
  }

  async get(partner: PartnerRow, key: TokenKey): Promise<OcpiToken | null> {
    const row = await this.find(partner, key);
    return row ? toOcpiToken(row) : null;
  }

  /** PUT: the whole Token, its ids as the URL's. */
  async put(partner: PartnerRow, key: TokenKey, body: unknown): Promise<void> {
    const parsed = OcpiTokenSchema.safeParse(body);
    if (!parsed.success) throw invalid(`Not a valid Token: ${parsed.error.issues[0]?.message ?? ''}`);
    const t = parsed.data;
    if (
      t.country_code.toUpperCase() !== key.countryCode ||
      t.party_id.toUpperCase() !== key.partyId ||
      t.uid !== key.uid ||
      t.type !== key.type
    )
      throw invalid('The Token’s country_code, party_id, uid and type must be the URL’s');
    await upsertToken(this.db, partner.id, t);
  }

  /** PATCH: fields merged into the stored Token; last_updated is required; an unknown token is 404. */
  async patch(partner: PartnerRow, key: TokenKey, body: unknown): Promise<void> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid('A PATCH body is an object');
    const changes = body as Record<string, unknown>;
    if (typeof changes.last_updated !== 'string') throw invalid('A PATCH must carry last_updated');
    await this.db.transaction(async (tx) => {
      const row = await this.find(partner, key, tx);
      if (!row) throw new OcpiError(404, OCPI_STATUS.unknownToken, 'Unknown token');
      const merged = OcpiTokenSchema.safeParse({ ...toOcpiToken(row), ...changes });
      if (!merged.success) throw invalid(`Not a valid Token: ${merged.error.issues[0]?.message ?? ''}`);
      const m = merged.data;
      if (
        m.country_code.toUpperCase() !== key.countryCode ||
        m.party_id.toUpperCase() !== key.partyId ||
        m.uid !== key.uid ||
        m.type !== key.type
      )
        throw invalid('A PATCH cannot change the Token’s ids');
      await upsertToken(tx, partner.id, m);
    });
  }

  private async find(partner: PartnerRow, key: TokenKey, db: Pick<Db, 'select'> = this.db) {
    const [row] = await db
      .select()
      .from(roamingTokens)
      .where(
        and(
          eq(roamingTokens.partnerId, partner.id),
          eq(roamingTokens.countryCode, key.countryCode),
          eq(roamingTokens.partyId, key.partyId),
          eq(roamingTokens.uid, key.uid),
          eq(roamingTokens.type, key.type),
        ),
      )
      .limit(1);
    return row;
  }

  /** How many tokens the partner gave Voltline (the portal's partner drawer). */
  async count(partnerId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(roamingTokens)
      .where(eq(roamingTokens.partnerId, partnerId));
    return Number(row?.n ?? 0);
  }
}
