import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Ocpp } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { chargingSessions, drivers, operators, rfidCards } from '../../db/schema/index.js';

export type IdTagInfo = Ocpp.AuthorizeResponse['idTagInfo'];
export type AuthorizationStatus = IdTagInfo['status'];

/** The root of an operator path: `/1/4/9/` → `/1/`. Cards work across one network's tree. */
function networkOf(path: string): string {
  return `/${path.split('/')[1] ?? ''}/`;
}

/**
 * What the card itself allows, as Authorize answers it: unknown or foreign cards are Invalid; an
 * archived or blocked card, a blocked driver, or a prepaid driver under the operator's minimum
 * balance is Blocked; a card past its expiry is Expired. Never ConcurrentTx: OCPP 1.6 keeps that
 * status for StartTransaction, where `cardBusy` decides it.
 */
export async function authorizeIdTag(
  tx: Tx,
  idTag: string,
  chargePointOperatorPath: string,
  now = new Date(),
): Promise<IdTagInfo & { rfidCardId?: number; driverId?: number }> {
  const [card] = await tx
    .select({
      id: rfidCards.id,
      status: rfidCards.status,
      expiresAt: rfidCards.expiresAt,
      archivedAt: rfidCards.archivedAt,
      driverId: drivers.id,
      driverStatus: drivers.status,
      balance: drivers.balance,
      operatorPath: operators.path,
      prepaid: operators.prepaid,
      minBalance: operators.minBalance,
    })
    .from(rfidCards)
    .innerJoin(drivers, eq(drivers.id, rfidCards.driverId))
    .innerJoin(operators, eq(operators.id, drivers.operatorId))
    .where(and(sql`upper(${rfidCards.number}) = upper(${idTag})`, isNull(drivers.deletedAt)))
    .limit(1);

  if (!card || networkOf(card.operatorPath) !== networkOf(chargePointOperatorPath))
    return { status: 'Invalid' };
  const ids = { rfidCardId: card.id, driverId: card.driverId };
  const expiryDate = card.expiresAt?.toISOString();
  if (card.archivedAt || card.status !== 'active' || card.driverStatus !== 'active')
    return { status: 'Blocked', ...ids };
  if (card.expiresAt && card.expiresAt.getTime() <= now.getTime())
    return { status: 'Expired', expiryDate, ...ids };
  if (card.prepaid && card.balance < card.minBalance) return { status: 'Blocked', ...ids };

  return expiryDate ? { status: 'Accepted', expiryDate, ...ids } : { status: 'Accepted', ...ids };
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
    .select({
      number: rfidCards.number,
      status: rfidCards.status,
      expiresAt: rfidCards.expiresAt,
      driverStatus: drivers.status,
      balance: drivers.balance,
      prepaid: operators.prepaid,
      minBalance: operators.minBalance,
    })
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
  return rows.map((c) => {
    const expiryDate = c.expiresAt?.toISOString();
    const status =
      c.status !== 'active' || c.driverStatus !== 'active' || (c.prepaid && c.balance < c.minBalance)
        ? 'Blocked'
        : c.expiresAt && c.expiresAt.getTime() <= now.getTime()
          ? 'Expired'
          : 'Accepted';
    return { idTag: c.number, idTagInfo: expiryDate ? { status, expiryDate } : { status } };
  });
}
