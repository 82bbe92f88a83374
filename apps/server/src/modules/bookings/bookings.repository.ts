import { bookingEvents } from '../events/booking-events.js';
import { and, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { BookingListQuery } from '@voltline/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import {
  bookings,
  chargePoints,
  connectors,
  drivers,
  operators,
  rfidCards,
  users,
} from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

export type Filter = z.output<typeof BookingListQuery>;
export type BookingInsert = typeof bookings.$inferInsert;

const COLUMNS = {
  id: bookings.id,
  name: bookings.name,
  chargePointId: chargePoints.chargePointId,
  chargePointDbId: chargePoints.id,
  chargePointName: chargePoints.name,
  connectorId: bookings.connectorId,
  driverId: bookings.driverId,
  driverName: sql<string | null>`${drivers.name} || ' ' || ${drivers.surname}`,
  rfidCardId: bookings.rfidCardId,
  idTag: bookings.idTag,
  cardName: rfidCards.name,
  operatorId: bookings.operatorId,
  operatorName: operators.name,
  state: bookings.state,
  answer: bookings.answer,
  error: bookings.error,
  expiresAt: bookings.expiresAt,
  sessionId: bookings.sessionId,
  usedAt: bookings.usedAt,
  cancelledAt: bookings.cancelledAt,
  createdBy: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
  createdAt: bookings.createdAt,
  updatedAt: bookings.updatedAt,
};

const base = (tx: Tx) =>
  tx
    .select(COLUMNS)
    .from(bookings)
    .innerJoin(chargePoints, eq(chargePoints.id, bookings.chargePointId))
    .innerJoin(operators, eq(operators.id, bookings.operatorId))
    .innerJoin(rfidCards, eq(rfidCards.id, bookings.rfidCardId))
    .leftJoin(drivers, eq(drivers.id, bookings.driverId))
    .leftJoin(users, eq(users.id, bookings.createdBy));

export type BookingRow = Awaited<ReturnType<typeof listBookings>>[number];

/** The bookings whose operator is in the actor's reach, narrowed by the filter. */
function where(actor: Actor, f: Partial<Filter>): SQL | undefined {
  return and(
    inScope(actor, operators.path),
    f.state ? eq(bookings.state, f.state) : undefined,
    f.chargePointId ? sql`lower(${chargePoints.chargePointId}) = lower(${f.chargePointId})` : undefined,
    f.driverId ? eq(bookings.driverId, f.driverId) : undefined,
    f.operatorId ? eq(bookings.operatorId, f.operatorId) : undefined,
    f.from ? gte(bookings.expiresAt, new Date(f.from)) : undefined,
    f.to ? lte(bookings.createdAt, new Date(f.to)) : undefined,
  );
}

/** Newest first. */
export function listBookings(tx: Tx, actor: Actor, f: Partial<Filter>, offset: number, limit: number) {
  return base(tx)
    .where(where(actor, f))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit)
    .offset(offset);
}

export async function countBookings(tx: Tx, actor: Actor, f: Partial<Filter>) {
  const [row] = await tx
    .select({ n: count() })
    .from(bookings)
    .innerJoin(chargePoints, eq(chargePoints.id, bookings.chargePointId))
    .innerJoin(operators, eq(operators.id, bookings.operatorId))
    .where(where(actor, f));
  return row?.n ?? 0;
}

/** One booking in the actor's reach (any actor: null). */
export async function findBooking(tx: Tx, actor: Actor | null, id: number) {
  const [row] = await base(tx)
    .where(and(eq(bookings.id, id), actor ? inScope(actor, operators.path) : undefined))
    .limit(1);
  return row;
}

/** The charge point a booking is for, in the actor's reach, locked: bookings of one charger queue here. */
export async function lockChargePoint(tx: Tx, actor: Actor, identity: string) {
  const [row] = await tx
    .select({
      id: chargePoints.id,
      chargePointId: chargePoints.chargePointId,
      name: chargePoints.name,
      operatorId: chargePoints.operatorId,
      operatorPath: operators.path,
      connected: chargePoints.connected,
      archivedAt: chargePoints.archivedAt,
    })
    .from(chargePoints)
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(
      and(sql`lower(${chargePoints.chargePointId}) = lower(${identity})`, inScope(actor, operators.path)),
    )
    .for('update', { of: chargePoints })
    .limit(1);
  return row;
}

/** Whether the charge point has this connector (not archived). */
export async function hasConnector(tx: Tx, chargePointId: number, connectorId: number) {
  const [row] = await tx
    .select({ id: connectors.id })
    .from(connectors)
    .where(
      and(
        eq(connectors.chargePointId, chargePointId),
        eq(connectors.connectorId, connectorId),
        isNull(connectors.archivedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A card in the actor's reach with what decides whether it may book, locked against a second booking. */
export async function lockCard(tx: Tx, actor: Actor, rfidCardId: number) {
  const [row] = await tx
    .select({
      id: rfidCards.id,
      number: rfidCards.number,
      status: rfidCards.status,
      expiresAt: rfidCards.expiresAt,
      archivedAt: rfidCards.archivedAt,
      driverId: drivers.id,
      driverStatus: drivers.status,
      operatorPath: operators.path,
    })
    .from(rfidCards)
    .innerJoin(drivers, eq(drivers.id, rfidCards.driverId))
    .innerJoin(operators, eq(operators.id, drivers.operatorId))
    .where(and(eq(rfidCards.id, rfidCardId), isNull(drivers.deletedAt), inScope(actor, operators.path)))
    .for('update', { of: rfidCards })
    .limit(1);
  return row;
}

/**
 * The holding bookings a new one on `connectorId` would overlap: those of the same connector and
 * those of connector 0; for connector 0, every holding booking of the charge point.
 */
export function overlapping(tx: Tx, chargePointId: number, connectorId: number, exceptId?: number) {
  return tx
    .select({ id: bookings.id, connectorId: bookings.connectorId })
    .from(bookings)
    .where(
      and(
        eq(bookings.chargePointId, chargePointId),
        eq(bookings.state, 'active'),
        connectorId === 0
          ? undefined
          : or(eq(bookings.connectorId, connectorId), eq(bookings.connectorId, 0)),
        exceptId ? sql`${bookings.id} <> ${exceptId}` : undefined,
      ),
    );
}

export async function cardHolds(tx: Tx, rfidCardId: number) {
  const [row] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.rfidCardId, rfidCardId), eq(bookings.state, 'active')))
    .limit(1);
  return row !== undefined;
}

export async function insertBooking(tx: Tx, values: BookingInsert) {
  const [row] = await tx.insert(bookings).values(values).returning({ id: bookings.id });
  return row!.id;
}

export function updateBooking(tx: Tx, id: number, change: Partial<BookingInsert>) {
  return tx
    .update(bookings)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(bookings.id, id));
}

/** Marks a booking cancelled if it still holds; false when something else ended it first. */
export async function cancelIfHolding(tx: Tx, id: number, change: Partial<BookingInsert>) {
  const rows = await tx
    .update(bookings)
    .set({ ...change, state: 'cancelled', updatedAt: new Date() })
    .where(and(eq(bookings.id, id), eq(bookings.state, 'active')))
    .returning({ id: bookings.id });
  await bookingEvents(
    tx,
    'booking.ended',
    rows.map((r) => r.id),
  );
  return rows.length > 0;
}

/** Holding bookings past their expiry become expired; returns them. */
export async function expireDue(tx: Tx, now: Date) {
  const rows = await tx
    .update(bookings)
    .set({ state: 'expired', updatedAt: now })
    .where(and(eq(bookings.state, 'active'), lte(bookings.expiresAt, now)))
    .returning({
      id: bookings.id,
      chargePointId: bookings.chargePointId,
      connectorId: bookings.connectorId,
      idTag: bookings.idTag,
      expiresAt: bookings.expiresAt,
    });
  await bookingEvents(
    tx,
    'booking.ended',
    rows.map((r) => r.id),
  );
  return rows;
}

/**
 * The booking a StartTransaction's reservationId names, if it is this charge point's and was
 * holding at `at` (the expiry job may have run between the charger's start and its message).
 */
export async function bookingForStart(tx: Tx, chargePointId: number, reservationId: number, at: Date) {
  const [row] = await tx
    .select({
      id: bookings.id,
      rfidCardId: bookings.rfidCardId,
      idTag: bookings.idTag,
      connectorId: bookings.connectorId,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.id, reservationId),
        eq(bookings.chargePointId, chargePointId),
        or(eq(bookings.state, 'active'), and(eq(bookings.state, 'expired'), gte(bookings.expiresAt, at))),
      ),
    )
    .for('update')
    .limit(1);
  return row;
}

export async function markUsed(tx: Tx, id: number, sessionId: number, at: Date) {
  const rows = await tx
    .update(bookings)
    .set({ state: 'used', sessionId, usedAt: at, updatedAt: new Date() })
    .where(and(eq(bookings.id, id), inArray(bookings.state, ['active', 'expired'])))
    .returning({ id: bookings.id });
  await bookingEvents(
    tx,
    'booking.ended',
    rows.map((r) => r.id),
  );
}

/**
 * The charger ended a reservation by itself (OCPP 2.0.1 ReservationStatusUpdate): the booking it
 * names, if it still holds on this charge point, becomes `state`; returns it, or nothing.
 */
export async function endByCharger(
  tx: Tx,
  chargePointId: number,
  id: number,
  state: 'expired' | 'cancelled',
) {
  const [row] = await tx
    .update(bookings)
    .set({ state, updatedAt: new Date(), ...(state === 'cancelled' ? { cancelledAt: new Date() } : {}) })
    .where(and(eq(bookings.id, id), eq(bookings.chargePointId, chargePointId), eq(bookings.state, 'active')))
    .returning({ id: bookings.id, connectorId: bookings.connectorId, idTag: bookings.idTag });
  if (row) await bookingEvents(tx, 'booking.ended', [row.id]);
  return row;
}
