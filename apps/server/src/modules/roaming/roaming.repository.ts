import { and, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  chargePoints,
  operators,
  roamingAuthorizations,
  roamingPartners,
  roamingTokens,
  tariffs,
  type StoredRoamingError,
} from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

export type PartnerRow = typeof roamingPartners.$inferSelect;
export type NewPartner = typeof roamingPartners.$inferInsert;

/** A partner with what the portal names beside it: its operator (and path, for reach) and tariff. */
export type PartnerView = PartnerRow & {
  operatorName: string;
  operatorPath: string;
  tariffName: string | null;
  /** How many of the partner's tokens Voltline holds, and when the last one was received. */
  tokenCount: number;
  tokensReceivedAt: Date | null;
};

/**
 * The partners with their operator, tariff and tokens in one query: the tokens are counted by
 * sub-selects per partner row (on roaming_tokens' index, which starts with the partner), so a list
 * of partners is never one query each.
 */
function select(tx: Tx) {
  return tx
    .select({
      partner: roamingPartners,
      operatorName: operators.name,
      operatorPath: operators.path,
      tariffName: tariffs.name,
      tokenCount: sql<
        string | number
      >`(select count(*) from ${roamingTokens} where ${roamingTokens.partnerId} = ${roamingPartners.id})`,
      tokensReceivedAt: sql<
        string | Date | null
      >`(select max(${roamingTokens.receivedAt}) from ${roamingTokens} where ${roamingTokens.partnerId} = ${roamingPartners.id})`,
    })
    .from(roamingPartners)
    .innerJoin(operators, eq(operators.id, roamingPartners.operatorId))
    .leftJoin(tariffs, eq(tariffs.id, roamingPartners.tariffId));
}

const flat = (r: {
  partner: PartnerRow;
  operatorName: string;
  operatorPath: string;
  tariffName: string | null;
  tokenCount: string | number | null;
  tokensReceivedAt: string | Date | null;
}) =>
  ({
    ...r.partner,
    operatorName: r.operatorName,
    operatorPath: r.operatorPath,
    tariffName: r.tariffName,
    tokenCount: Number(r.tokenCount ?? 0),
    tokensReceivedAt: r.tokensReceivedAt === null ? null : new Date(r.tokensReceivedAt),
  }) as PartnerView;

/** The partners of the actor's subtree, newest first. */
export async function listPartners(tx: Tx, actor: Actor): Promise<PartnerView[]> {
  const rows = await select(tx)
    .where(inScope(actor, operators.path))
    .orderBy(desc(roamingPartners.id))
    .limit(1000);
  return rows.map(flat);
}

export async function partnerInScope(tx: Tx, actor: Actor, id: number): Promise<PartnerView | null> {
  const [row] = await select(tx).where(and(eq(roamingPartners.id, id), inScope(actor, operators.path)));
  return row ? flat(row) : null;
}

export async function partnerById(tx: Tx, id: number): Promise<PartnerView | null> {
  const [row] = await select(tx).where(eq(roamingPartners.id, id));
  return row ? flat(row) : null;
}

/** Locks the partner's row for a change that reads it first (a handshake's answer, a rotation). */
export async function lockPartner(tx: Tx, id: number): Promise<PartnerRow | null> {
  const [row] = await tx.select().from(roamingPartners).where(eq(roamingPartners.id, id)).for('update');
  return row ?? null;
}

/** How a presented credentials token was recognised. */
export type TokenKind = 'tokenA' | 'current' | 'pending';

/**
 * The partner a credentials token belongs to, and as which token: an invitation's token A (until it
 * expires), the token it calls with now, or the new one of a rotation under way. Ended partners
 * have no tokens.
 */
export async function partnerByToken(
  tx: Tx,
  hashes: string[],
  now: Date,
): Promise<{ partner: PartnerRow; kind: TokenKind } | null> {
  if (hashes.length === 0) return null;
  const rows = await tx
    .select()
    .from(roamingPartners)
    .where(
      and(
        ne(roamingPartners.state, 'unregistered'),
        or(
          inArray(roamingPartners.incomingTokenHash, hashes),
          inArray(roamingPartners.pendingTokenHash, hashes),
          and(
            inArray(roamingPartners.tokenAHash, hashes),
            isNotNull(roamingPartners.tokenAExpiresAt),
            sql`${roamingPartners.tokenAExpiresAt} > ${now.toISOString()}`,
          ),
        ),
      ),
    )
    .limit(1);
  const partner = rows[0];
  if (!partner) return null;
  const match = (h: string | null) => h !== null && hashes.includes(h);
  const kind: TokenKind = match(partner.incomingTokenHash)
    ? 'current'
    : match(partner.pendingTokenHash)
      ? 'pending'
      : 'tokenA';
  return { partner, kind };
}

export async function insertPartner(tx: Tx, values: NewPartner): Promise<PartnerRow> {
  const [row] = await tx.insert(roamingPartners).values(values).returning();
  return row!;
}

export async function updatePartner(tx: Tx, id: number, patch: Partial<NewPartner>, now: Date) {
  await tx
    .update(roamingPartners)
    .set({ ...patch, updatedAt: now })
    .where(eq(roamingPartners.id, id));
}

export async function deletePartner(tx: Tx, id: number) {
  await tx.delete(roamingPartners).where(eq(roamingPartners.id, id));
}

/** Errors a partner's page keeps, the latest first. */
const ERRORS_KEPT = 10;

export async function recordPartnerError(tx: Tx, id: number, error: StoredRoamingError) {
  const [row] = await tx
    .select({ lastErrors: roamingPartners.lastErrors })
    .from(roamingPartners)
    .where(eq(roamingPartners.id, id));
  if (!row) return;
  await tx
    .update(roamingPartners)
    .set({ lastErrors: [error, ...row.lastErrors].slice(0, ERRORS_KEPT) })
    .where(eq(roamingPartners.id, id));
}

export async function recordPartnerSuccess(tx: Tx, id: number, at: Date) {
  await tx.update(roamingPartners).set({ lastSuccessAt: at }).where(eq(roamingPartners.id, id));
}

/** Names of operators by id (for the published list), whatever their reach: the partner's view. */
export async function operatorNames(
  tx: Tx,
  ids: number[],
): Promise<Map<number, { name: string; path: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: operators.id, name: operators.name, path: operators.path })
    .from(operators)
    .where(inArray(operators.id, ids));
  return new Map(rows.map((r) => [r.id, { name: r.name, path: r.path }]));
}

/** The tariff's operator path, when the tariff exists and is not retired. */
export async function tariffPath(tx: Tx, id: number): Promise<string | null> {
  const [row] = await tx
    .select({ path: operators.path })
    .from(tariffs)
    .innerJoin(operators, eq(operators.id, tariffs.operatorId))
    .where(and(eq(tariffs.id, id), sql`${tariffs.retiredAt} IS NULL`));
  return row?.path ?? null;
}

/** How many answers about its tokens a partner's page shows. */
export const AUTHORIZATIONS_SHOWN = 20;

/** The latest answers given at chargers about a partner's tokens, with the charge point's names. */
export async function latestAuthorizations(tx: Tx, partnerId: number) {
  return tx
    .select({
      row: roamingAuthorizations,
      chargePointIdentity: chargePoints.chargePointId,
      chargePointName: chargePoints.name,
    })
    .from(roamingAuthorizations)
    .leftJoin(chargePoints, eq(chargePoints.id, roamingAuthorizations.chargePointId))
    .where(eq(roamingAuthorizations.partnerId, partnerId))
    .orderBy(desc(roamingAuthorizations.at), desc(roamingAuthorizations.id))
    .limit(AUTHORIZATIONS_SHOWN);
}
