import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import {
  chargePoints,
  chargingSessions,
  roamingAuthorizations,
  roamingReservations,
  roamingSessions,
} from '../../../db/schema/index.js';

/** The charger's OCPP identity and whether Voltline holds its socket, by its database id. */
export async function chargerOf(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: chargePoints.id, chargePointId: chargePoints.chargePointId })
    .from(chargePoints)
    .where(eq(chargePoints.id, id));
  return row;
}

/** A command's authorization of a token at a charger (roaming_authorizations, source `command`). */
export async function insertCommandAuthorization(
  tx: Tx,
  values: {
    partnerId: number;
    tokenId: number;
    tokenUid: string;
    tokenType: string;
    chargePointId: number;
    evseUid: string | null;
    authorizationReference: string;
  },
) {
  await tx.insert(roamingAuthorizations).values({
    ...values,
    source: 'command',
    allowed: 'ALLOWED',
    verdict: 'Accepted',
  });
}

/** A session of this partner (roaming_sessions), with its charger and whether it is over. */
export async function partnerSession(tx: Tx, partnerId: number, sessionId: number) {
  const [row] = await tx
    .select({
      sessionId: chargingSessions.id,
      chargePointId: chargingSessions.chargePointId,
      stoppedAt: chargingSessions.stoppedAt,
    })
    .from(roamingSessions)
    .innerJoin(chargingSessions, eq(chargingSessions.id, roamingSessions.sessionId))
    .where(and(eq(roamingSessions.partnerId, partnerId), eq(roamingSessions.sessionId, sessionId)));
  return row;
}

export type ReservationRow = typeof roamingReservations.$inferSelect;

/**
 * Stores a partner's reservation, or replaces the one with the same reservation_id (§13.3.4: a
 * known id is a replacement), keeping its row and so its OCPP reservationId.
 */
export async function upsertReservation(
  tx: Tx,
  values: {
    partnerId: number;
    reservationId: string;
    chargePointId: number;
    connectorId: number;
    tokenUid: string;
    expiresAt: Date;
  },
): Promise<ReservationRow> {
  const [row] = await tx
    .insert(roamingReservations)
    .values({ ...values, state: 'sent' })
    .onConflictDoUpdate({
      target: [roamingReservations.partnerId, roamingReservations.reservationId],
      set: { ...values, state: 'sent', updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function findReservation(tx: Tx, partnerId: number, reservationId: string) {
  const [row] = await tx
    .select()
    .from(roamingReservations)
    .where(
      and(eq(roamingReservations.partnerId, partnerId), eq(roamingReservations.reservationId, reservationId)),
    );
  return row;
}

/** sent | active | refused | cancelled */
export async function setReservationState(tx: Tx, id: number, state: string) {
  await tx
    .update(roamingReservations)
    .set({ state, updatedAt: sql`now()` })
    .where(eq(roamingReservations.id, id));
}
