import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Ocpp } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { chargingSessions, drivers, operators, rfidCards } from '../../db/schema/index.js';

export type IdTagInfo = Ocpp.AuthorizeResponse['idTagInfo'];
export type AuthorizationStatus = IdTagInfo['status'];

/** The root of an operator path: `/1/4/9/` → `/1/`. Cards work across one network's tree. */
export function networkOf(path: string): string {
  return `/${path.split('/')[1] ?? ''}/`;
}

/**
 * What the card itself allows, as Authorize answers it: unknown or foreign cards are Invalid; an
 * archived or blocked card, a blocked driver, or a prepaid driver under the operator's minimum
 * balance is Blocked; a card past its expiry is Expired. Never ConcurrentTx: OCPP 1.6 keeps that
 * status for StartTransaction, where `cardBusy` decides it.
 */
/** The columns a card's answer depends on. */
const CARD = {
  id: rfidCards.id,
  number: rfidCards.number,
  status: rfidCards.status,
  expiresAt: rfidCards.expiresAt,
  archivedAt: rfidCards.archivedAt,
  driverId: drivers.id,
  driverStatus: drivers.status,
  balance: drivers.balance,
  operatorPath: operators.path,
  prepaid: operators.prepaid,
  minBalance: operators.minBalance,
};
type CardRow = {
  status: string;
  expiresAt: Date | null;
  archivedAt: Date | null;
  driverStatus: string;
  balance: number;
  prepaid: boolean;
  minBalance: number;
};

/** What a known card of the right network may do, by itself: the one rule Authorize and local lists share. */
function cardInfo(
  card: CardRow,
  now: Date,
): { status: 'Accepted' | 'Blocked' | 'Expired'; expiryDate?: string } {
  const expiryDate = card.expiresAt?.toISOString();
  const status =
    card.archivedAt || card.status !== 'active' || card.driverStatus !== 'active'
      ? 'Blocked'
      : card.expiresAt && card.expiresAt.getTime() <= now.getTime()
        ? 'Expired'
        : card.prepaid && card.balance < card.minBalance
          ? 'Blocked'
          : 'Accepted';
  return expiryDate && status !== 'Blocked' ? { status, expiryDate } : { status };
}

export async function authorizeIdTag(
  tx: Tx,
  idTag: string,
  chargePointOperatorPath: string,
  now = new Date(),
): Promise<IdTagInfo & { rfidCardId?: number; driverId?: number }> {
  const [card] = await tx
    .select(CARD)
    .from(rfidCards)
    .innerJoin(drivers, eq(drivers.id, rfidCards.driverId))
    .innerJoin(operators, eq(operators.id, drivers.operatorId))
    .where(and(sql`upper(${rfidCards.number}) = upper(${idTag})`, isNull(drivers.deletedAt)))
    .limit(1);

  if (!card || networkOf(card.operatorPath) !== networkOf(chargePointOperatorPath))
    return { status: 'Invalid' };
  return { ...cardInfo(card, now), rfidCardId: card.id, driverId: card.driverId };
}

/**
 * Whether the card has an accepted session running (other than `exceptSessionId`). Only a hint:
 * the unique index on running sessions per card is what holds under concurrent starts.
 */
export async function cardBusy(tx: Tx, rfidCardId: number, exceptSessionId?: number): Promise<boolean> {
  const [running] = await tx
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.rfidCardId, rfidCardId),
        eq(chargingSessions.state, 'active'),
        exceptSessionId ? sql`${chargingSessions.id} <> ${exceptSessionId}` : undefined,
      ),
    )
    .limit(1);
  return running !== undefined;
}

export interface LocalListEntry {
  idTag: string;
  idTagInfo: { status: 'Accepted' | 'Blocked' | 'Expired'; expiryDate?: string };
}

/**
 * Every card of the network the charge point's operator belongs to, with what Authorize would
 * answer for it now, for a charger's local authorization list. Archived cards and deleted drivers
 * are left out (a Differential update removes them from the charger).
 */
export async function networkCards(
  tx: Tx,
  chargePointOperatorPath: string,
  now = new Date(),
): Promise<LocalListEntry[]> {
  const rows = await tx
    .select(CARD)
    .from(rfidCards)
    .innerJoin(drivers, eq(drivers.id, rfidCards.driverId))
    .innerJoin(operators, eq(operators.id, drivers.operatorId))
    .where(
      and(
        isNull(rfidCards.archivedAt),
        isNull(drivers.deletedAt),
        sql`${operators.path} LIKE ${`${networkOf(chargePointOperatorPath)}%`}`,
      ),
    )
    .orderBy(rfidCards.number);
  return rows.map((c) => ({ idTag: c.number, idTagInfo: cardInfo(c, now) }));
}
