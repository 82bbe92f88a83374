import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  connectors,
  roamingAuthorizations,
  roamingPartners,
  roamingTokens,
} from '../../../db/schema/index.js';
import type { TokenPresented } from '../../drivers/drivers.ocpp.js';
import { carryingAnswer, needsRealtime, roamingVerdictOf } from '../../drivers/roaming-tokens.js';
import { moduleUrl } from '../ocpi/credentials.js';
import { ocpiCall, PartnerCallError, type Party } from '../ocpi/client.js';
import { OCPI_STATUS } from '../ocpi/transport.js';
import { ALLOWED_TYPES } from './token.js';

export interface RealtimeDeps {
  db: Db;
  own: Party;
  call: { timeoutMs: number; allowPrivate: boolean };
}

/**
 * OCPI 2.2.1 real-time authorization (§12.2.1.2, Voltline the CPO): before a charger is answered
 * about a partner's token whose whitelist wants the eMSP asked, `POST {tokens}/{uid}/authorize`
 * with the charge point as LocationReferences. Runs outside any database transaction; the answer,
 * or UNREACHABLE after the time-out or an error, is recorded with the verdict the charger will get
 * (drivers/roaming-tokens.ts reads it inside the charger's transaction).
 */
export function createRealtimeAuthorization(deps: RealtimeDeps) {
  const { db } = deps;
  return async function realtime(presented: TokenPresented): Promise<void> {
    // One indexed query: a normal card's number is no roaming token; a card's number wins.
    const [found] = await db
      .select({ token: roamingTokens, partner: roamingPartners })
      .from(roamingTokens)
      .innerJoin(roamingPartners, eq(roamingPartners.id, roamingTokens.partnerId))
      .where(
        sql`upper(${roamingTokens.uid}) = upper(${presented.idTag}) AND NOT EXISTS (SELECT 1 FROM rfid_cards c
          WHERE upper(c.number) = upper(${presented.idTag}))`,
      )
      .orderBy(sql`${roamingTokens.lastUpdated} DESC`)
      .limit(1);
    if (!found || !needsRealtime(found.token, presented.start)) return;
    const { token, partner } = found;
    // An answer already given stands: at a start any recent one; at an Authorize the eMSP's own
    // START_SESSION (the charger authorizing the remote start's token must not ask it again).
    const given = await carryingAnswer(
      db,
      token.uid,
      presented.chargePointId,
      new Date(),
      presented.start ? undefined : ['command'],
    );
    if (given) return;
    const [connector] =
      presented.connectorId === undefined
        ? []
        : await db
            .select({ id: connectors.id })
            .from(connectors)
            .where(
              and(
                eq(connectors.chargePointId, presented.chargePointId),
                eq(connectors.connectorId, presented.connectorId),
              ),
            );
    const evseUid = connector ? String(connector.id) : null;
    const answer = await ask(deps, partner, token, presented.chargePointId, evseUid);
    const verdict = roamingVerdictOf(token, answer.allowed);
    await db.insert(roamingAuthorizations).values({
      partnerId: partner.id,
      tokenId: token.id,
      tokenUid: token.uid,
      tokenType: token.type,
      chargePointId: presented.chargePointId,
      evseUid,
      source: 'realtime',
      allowed: answer.allowed,
      verdict,
      authorizationReference: answer.reference,
      info: answer.info,
    });
  };
}

type Answered = { allowed: string; reference: string | null; info: string | null };

/** The eMSP's AllowedType, UNKNOWN (status 2004) or UNREACHABLE (no tokens sender, time-out, error). */
async function ask(
  deps: RealtimeDeps,
  partner: typeof roamingPartners.$inferSelect,
  token: typeof roamingTokens.$inferSelect,
  chargePointId: number,
  evseUid: string | null,
): Promise<Answered> {
  const sender = moduleUrl(partner.endpoints, 'tokens', 'SENDER');
  if (!sender || partner.state !== 'registered')
    return { allowed: 'UNREACHABLE', reference: null, info: 'no tokens sender' };
  const url = `${sender.replace(/\/$/, '')}/${encodeURIComponent(token.uid)}/authorize?type=${token.type}`;
  const to: Party = { countryCode: token.countryCode, partyId: token.partyId };
  const body = { location_id: String(chargePointId), ...(evseUid ? { evse_uids: [evseUid] } : {}) };
  try {
    const res = await ocpiCall<Record<string, unknown>>(
      { method: 'POST', url, token: partner.outgoingToken ?? '', body, routing: { from: deps.own, to } },
      deps.call,
    );
    const data = res.data ?? {};
    const allowed = typeof data.allowed === 'string' ? data.allowed : '';
    if (!(ALLOWED_TYPES as readonly string[]).includes(allowed))
      return { allowed: 'UNREACHABLE', reference: null, info: 'no AllowedType in the answer' };
    const info = data.info as { text?: unknown } | undefined;
    return {
      allowed,
      reference: typeof data.authorization_reference === 'string' ? data.authorization_reference : null,
      info: typeof info?.text === 'string' ? info.text.slice(0, 255) : null,
    };
  } catch (err) {
    if (err instanceof PartnerCallError && err.params.code === OCPI_STATUS.unknownToken)
      return { allowed: 'UNKNOWN', reference: null, info: 'unknown token' };
    const reason = err instanceof PartnerCallError ? err.key : 'error';
    return { allowed: 'UNREACHABLE', reference: null, info: reason };
  }
}
