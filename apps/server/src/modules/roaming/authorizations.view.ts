import type { RoamingAuthorization, RoamingAuthorizationSource } from '@voltline/contract';
import type { latestAuthorizations } from './roaming.repository.js';

type Row = Awaited<ReturnType<typeof latestAuthorizations>>[number];

/**
 * Answers about a partner's tokens as its page lists them: codes (source, the eMSP's AllowedType,
 * the charger's verdict) the portal puts in words, beside the charge point's identity and name.
 */
export function toAuthorizations(rows: Row[]): RoamingAuthorization[] {
  return rows.map(({ row, chargePointIdentity, chargePointName }) => ({
    id: row.id,
    at: row.at.toISOString(),
    tokenUid: row.tokenUid,
    tokenType: row.tokenType,
    chargePointId: row.chargePointId,
    chargePointIdentity,
    chargePointName,
    evseUid: row.evseUid,
    source: row.source as RoamingAuthorizationSource,
    allowed: row.allowed,
    verdict: row.verdict,
    authorizationReference: row.authorizationReference,
    info: row.info,
    sessionId: row.sessionId,
  }));
}
