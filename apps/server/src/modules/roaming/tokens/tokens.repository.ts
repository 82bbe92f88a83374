import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { roamingTokens } from '../../../db/schema/index.js';
import type { OcpiToken } from './token.js';

export type RoamingTokenRow = typeof roamingTokens.$inferSelect;

/**
 * Stores a partner's token (a pull, a push or a command's token), replacing the partner's earlier
 * version of it unless that one is newer (`last_updated`): an old page of a pull never undoes a push.
 * Returns the row as it stands.
 */
export async function upsertToken(tx: Tx, partnerId: number, t: OcpiToken): Promise<RoamingTokenRow> {
  const values = {
    partnerId,
    countryCode: t.country_code.toUpperCase(),
    partyId: t.party_id.toUpperCase(),
    uid: t.uid,
    type: t.type,
    contractId: t.contract_id,
    visualNumber: t.visual_number ?? null,
    issuer: t.issuer,
    groupId: t.group_id ?? null,
    valid: t.valid,
    whitelist: t.whitelist,
    language: t.language ?? null,
    defaultProfileType: t.default_profile_type ?? null,
    energyContract: t.energy_contract ?? null,
    lastUpdated: new Date(t.last_updated),
  };
  const [row] = await tx
    .insert(roamingTokens)
    .values(values)
    .onConflictDoUpdate({
      target: [
        roamingTokens.partnerId,
        roamingTokens.countryCode,
        roamingTokens.partyId,
        roamingTokens.uid,
        roamingTokens.type,
      ],
      set: { ...values, receivedAt: sql`now()` },
      setWhere: sql`${roamingTokens.lastUpdated} <= excluded.last_updated`,
    })
    .returning();
  if (row) return row;
  // Kept: the stored version is newer than this one.
  const [kept] = await tx
    .select()
    .from(roamingTokens)
    .where(
      sql`${roamingTokens.partnerId} = ${partnerId} AND ${roamingTokens.countryCode} = ${values.countryCode}
        AND ${roamingTokens.partyId} = ${values.partyId} AND ${roamingTokens.uid} = ${t.uid}
        AND ${roamingTokens.type} = ${t.type}`,
    );
  return kept!;
}
