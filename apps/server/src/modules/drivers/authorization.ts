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
 * Decides what a charger may do with an RFID idTag: unknown or foreign cards are Invalid; an
 * archived or blocked card, a blocked driver, or a prepaid driver under the operator's minimum
 * balance is Blocked; a card past its expiry is Expired; a card already charging elsewhere is
 * ConcurrentTx (unless `exceptSessionId` is that session).
 */
export async function authorizeIdTag(
  tx: Tx,
  idTag: string,
  chargePointOperatorPath: string,
  exceptSessionId?: number,
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
  if (card.expiresAt && card.expiresAt.getTime() <= Date.now())
    return { status: 'Expired', expiryDate, ...ids };
  if (card.prepaid && card.balance < card.minBalance) return { status: 'Blocked', ...ids };

  const [running] = await tx
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.rfidCardId, card.id),
        eq(chargingSessions.state, 'active'),
        exceptSessionId ? sql`${chargingSessions.id} <> ${exceptSessionId}` : undefined,
      ),
    )
    .limit(1);
  if (running) return { status: 'ConcurrentTx', ...ids };
  return expiryDate ? { status: 'Accepted', expiryDate, ...ids } : { status: 'Accepted', ...ids };
}
