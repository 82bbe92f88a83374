import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { roamingAuthorizations, roamingSessions, roamingTokens } from '../../db/schema/index.js';
import type { CardVerdict } from './verdict.js';

/*
 * A roaming partner's token at a charger (issue #31), as the drivers layer sees it: the tokens an
 * eMSP gave Voltline (roaming_tokens) and the answers given about them (roaming_authorizations).
 * The roaming layer asks the eMSP in real time before the charger's message reaches the database
 * transaction; here, inside it, the stored answers and the whitelist decide.
 */

/**
 * How long an answer for a token at a charge point carries a start there: a real-time answer
 * (ALLOWED or not), an eMSP's START_SESSION (`source = 'command'`, written ALLOWED / Accepted) or
 * an answer given while the eMSP could not be reached. A start later than this is decided afresh.
 */
export const ROAMING_START_WINDOW_MS = 10 * 60_000;

/** The answer sources that carry a start (a whitelist answer is decided again each time). */
const CARRYING_SOURCES = ['realtime', 'command'];

type WhitelistToken = { valid: boolean; whitelist: string };

/** OCPI AllowedType (or UNKNOWN for status 2004) as the charger's verdict. */
const ALLOWED_VERDICT: Record<string, CardVerdict> = {
  ALLOWED: 'Accepted',
  BLOCKED: 'Blocked',
  EXPIRED: 'Expired',
  NO_CREDIT: 'NoCredit',
  NOT_ALLOWED: 'Invalid',
  UNKNOWN: 'Unknown',
};

/**
 * The verdict for a roaming token by OCPI 2.2.1's whitelist rules (§12.4.5): an eMSP's real-time
 * answer is the verdict; without one (`null`: not asked; UNREACHABLE: no answer in time) the cache
 * decides. A token the eMSP marked invalid is Blocked; ALWAYS and ALLOWED are accepted from the
 * cache; ALLOWED_OFFLINE only when the eMSP could not be reached; NEVER never.
 */
export function roamingVerdictOf(token: WhitelistToken, allowed: string | null): CardVerdict {
  if (allowed !== null && allowed !== 'UNREACHABLE') return ALLOWED_VERDICT[allowed] ?? 'Invalid';
  if (!token.valid) return 'Blocked';
  if (token.whitelist === 'ALWAYS' || token.whitelist === 'ALLOWED') return 'Accepted';
  if (token.whitelist === 'ALLOWED_OFFLINE' && allowed === 'UNREACHABLE') return 'Accepted';
  return 'Invalid';
}

/** Whether a token's verdict needs the eMSP asked first: every whitelist but ALWAYS, a valid token. */
export function needsRealtime(token: WhitelistToken, start: boolean): boolean {
  if (!token.valid || token.whitelist === 'ALWAYS') return false;
  // At a start, an ALLOWED token without a recent answer is accepted from the cache.
  return !(start && token.whitelist === 'ALLOWED');
}

export type RoamingTokenRow = typeof roamingTokens.$inferSelect;

/** The stored roaming token a charger's idTag names (uid compared case-insensitively), if any. */
export async function roamingTokenOf(tx: Tx, idTag: string): Promise<RoamingTokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(roamingTokens)
    .where(sql`upper(${roamingTokens.uid}) = upper(${idTag})`)
    .orderBy(desc(roamingTokens.lastUpdated))
    .limit(1);
  return row;
}

/**
 * The newest answer carrying a start of the token at the charge point (none used by a session yet),
 * from the sources named (by default every one that carries a start).
 */
export async function carryingAnswer(
  tx: Tx,
  idTag: string,
  chargePointId: number,
  now: Date,
  sources: string[] = CARRYING_SOURCES,
) {
  const [row] = await tx
    .select()
    .from(roamingAuthorizations)
    .where(
      and(
        sql`upper(${roamingAuthorizations.tokenUid}) = upper(${idTag})`,
        eq(roamingAuthorizations.chargePointId, chargePointId),
        gte(roamingAuthorizations.at, new Date(now.getTime() - ROAMING_START_WINDOW_MS)),
        inArray(roamingAuthorizations.source, sources),
        isNull(roamingAuthorizations.sessionId),
      ),
    )
    .orderBy(desc(roamingAuthorizations.at), desc(roamingAuthorizations.id))
    .limit(1);
  return row;
}

/** What a start links its session to: the token and the answer that let it start. */
export interface RoamingGrant {
  token: RoamingTokenRow;
  authorizationId: number | null;
  authorizationReference: string | null;
}

/**
 * A roaming token's verdict inside the charger's transaction: the newest answer carrying a start at
 * this charge point, else the whitelist (recorded as a `whitelist` answer when `record`). Null
 * when the idTag is no roaming token. Without a charge point (a stop's card) the whitelist alone.
 */
export async function roamingAnswer(
  tx: Tx,
  idTag: string,
  chargePointId: number | undefined,
  record: boolean,
  now = new Date(),
): Promise<{ status: CardVerdict; grant: RoamingGrant } | null> {
  const token = await roamingTokenOf(tx, idTag);
  if (!token) return null;
  const carried =
    chargePointId === undefined ? undefined : await carryingAnswer(tx, idTag, chargePointId, now);
  if (carried) {
    const allowed = carried.allowed === 'ALLOWED';
    return {
      status: carried.verdict as CardVerdict,
      grant: {
        token,
        authorizationId: carried.id,
        authorizationReference: allowed ? carried.authorizationReference : null,
      },
    };
  }
  const status = roamingVerdictOf(token, null);
  let authorizationId: number | null = null;
  if (record && chargePointId !== undefined) {
    const [row] = await tx
      .insert(roamingAuthorizations)
      .values({
        partnerId: token.partnerId,
        tokenId: token.id,
        tokenUid: token.uid,
        tokenType: token.type,
        chargePointId,
        source: 'whitelist',
        allowed: status === 'Accepted' ? 'ALLOWED' : status === 'Blocked' ? 'BLOCKED' : 'NOT_ALLOWED',
        verdict: status,
      })
      .returning({ id: roamingAuthorizations.id });
    authorizationId = row?.id ?? null;
  }
  return { status, grant: { token, authorizationId, authorizationReference: null } };
}

/**
 * A roaming token's accepted start: the session becomes the partner's (the token copied, as it may
 * change), with the answer that let it start, which now names the session.
 */
export async function linkRoamingSession(tx: Tx, sessionId: number, grant: RoamingGrant): Promise<void> {
  const { token } = grant;
  await tx
    .insert(roamingSessions)
    .values({
      sessionId,
      partnerId: token.partnerId,
      tokenId: token.id,
      tokenUid: token.uid,
      tokenType: token.type,
      contractId: token.contractId,
      tokenCountryCode: token.countryCode,
      tokenPartyId: token.partyId,
      authorizationReference: grant.authorizationReference,
      authorizationId: grant.authorizationId,
    })
    .onConflictDoNothing();
  if (grant.authorizationId !== null)
    await tx
      .update(roamingAuthorizations)
      .set({ sessionId })
      .where(eq(roamingAuthorizations.id, grant.authorizationId));
}
