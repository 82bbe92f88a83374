import type { Session } from '@voltline/contract';
import { roamingPartners, roamingSessions } from '../../db/schema/index.js';

/**
 * A roaming partner's driver's session (issue #31), as the sessions report reads it: left-joined by
 * the session alone (sessions.query.ts), so the list stays one query and a session without a
 * partner reads null. Only the roaming tables are read, never the roaming module (a higher layer).
 */
export const roamingFields = {
  partnerId: roamingSessions.partnerId,
  partnerName: roamingPartners.name,
  tokenCountryCode: roamingSessions.tokenCountryCode,
  tokenPartyId: roamingSessions.tokenPartyId,
  tokenUid: roamingSessions.tokenUid,
  contractId: roamingSessions.contractId,
  authorizationReference: roamingSessions.authorizationReference,
};

type Nullable<T> = { [K in keyof T]: T[K] | null };
type RoamingRow = Nullable<{
  partnerId: number;
  partnerName: string;
  tokenCountryCode: string;
  tokenPartyId: string;
  tokenUid: string;
  contractId: string;
  authorizationReference: string | null;
}>;

/**
 * Drizzle gives a left-joined group as null (or all its fields null) when no row matched. The party
 * is the token's issuer, "DE*ABC": the eMSP itself, also when its partner is a hub.
 */
export function toRoaming(r: RoamingRow | null | undefined): Session['roaming'] {
  if (!r || r.partnerId === null || r.partnerName === null) return null;
  return {
    partnerId: r.partnerId,
    partnerName: r.partnerName,
    partyId: `${r.tokenCountryCode}*${r.tokenPartyId}`,
    tokenUid: r.tokenUid ?? '',
    contractId: r.contractId ?? '',
    authorizationReference: r.authorizationReference,
  };
}
