import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DriverAddress, DriverVehicle, RfidCard, RfidCardStatus, SocketType } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { driverAddresses, drivers, driverVehicles, operators, rfidCards } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

type AddressRow = typeof driverAddresses.$inferSelect;
type VehicleRow = typeof driverVehicles.$inferSelect;
type CardRow = typeof rfidCards.$inferSelect;
export type NewAddress = Omit<typeof driverAddresses.$inferInsert, 'id'>;
export type NewVehicle = Omit<typeof driverVehicles.$inferInsert, 'id'>;
export type NewCard = Omit<typeof rfidCards.$inferInsert, 'id'>;

export const toAddress = (r: AddressRow): DriverAddress => ({
  id: r.id,
  driverId: r.driverId,
  title: r.title,
  line1: r.line1,
  line2: r.line2,
  city: r.city,
  country: r.country,
  zipCode: r.zipCode,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const toVehicle = (r: VehicleRow): DriverVehicle => ({
  id: r.id,
  driverId: r.driverId,
  name: r.name,
  model: r.model,
  year: r.year,
  socketType: r.socketType as SocketType,
  vin: r.vin,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const toCard = (r: CardRow): RfidCard => ({
  id: r.id,
  driverId: r.driverId,
  name: r.name,
  number: r.number,
  expiresAt: r.expiresAt?.toISOString() ?? null,
  status: r.status as RfidCardStatus,
  groupIdToken: r.groupIdToken,
  archived: r.archivedAt !== null,
  archivedAt: r.archivedAt?.toISOString() ?? null,
  expired: r.expiresAt !== null && r.expiresAt.getTime() <= Date.now(),
  createdAt: r.createdAt.toISOString(),
});

/** The owning driver is live and in the actor's reach. */
const ownerInScope = (actor: Actor) => and(isNull(drivers.deletedAt), inScope(actor, operators.path));

// ---- addresses ----

export function addressesOf(tx: Tx, driverId: number) {
  return tx
    .select()
    .from(driverAddresses)
    .where(eq(driverAddresses.driverId, driverId))
    .orderBy(asc(driverAddresses.id));
}

export async function findAddress(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx
    .select({ address: driverAddresses })
    .from(driverAddresses)
    .innerJoin(drivers, eq(drivers.id, driverAddresses.driverId))
    .innerJoin(operators, eq(operators.id, drivers.operatorId))
    .where(and(eq(driverAddresses.id, id), ownerInScope(actor)));
  return row?.address;
}

export async function insertAddress(tx: Tx, values: NewAddress) {
  const [row] = await tx.insert(driverAddresses).values(values).returning();
  if (!row) throw new Error('address insert returned nothing');
  return row;
}

export async function updateAddress(tx: Tx, id: number, values: Partial<NewAddress>) {
  const [row] = await tx
    .update(driverAddresses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(driverAddresses.id, id))
    .returning();
  if (!row) throw new Error('address update returned nothing');
  return row;
}

export async function deleteAddress(tx: Tx, id: number) {
  await tx.delete(driverAddresses).where(eq(driverAddresses.id, id));
}

// ---- vehicles ----

export function vehiclesOf(tx: Tx, driverId: number) {
  return tx
    .select()
    .from(driverVehicles)
    .where(eq(driverVehicles.driverId, driverId))
    .orderBy(asc(driverVehicles.id));
}

export async function findVehicle(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx
    .select({ vehicle: driverVehicles })
    .from(driverVehicles)
    .innerJoin(drivers, eq(drivers.id, driverVehicles.driverId))
    .innerJoin(operators, eq(operators.id, drivers.operatorId))
    .where(and(eq(driverVehicles.id, id), ownerInScope(actor)));
  return row?.vehicle;
}

export async function insertVehicle(tx: Tx, values: NewVehicle) {
  const [row] = await tx.insert(driverVehicles).values(values).returning();
  if (!row) throw new Error('vehicle insert returned nothing');
  return row;
}

export async function updateVehicle(tx: Tx, id: number, values: Partial<NewVehicle>) {
  const [row] = await tx
    .update(driverVehicles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(driverVehicles.id, id))
    .returning();
  if (!row) throw new Error('vehicle update returned nothing');
  return row;
}

export async function deleteVehicle(tx: Tx, id: number) {
  await tx.delete(driverVehicles).where(eq(driverVehicles.id, id));
}

// ---- RFID cards ----

export function cardsOf(tx: Tx, driverId: number) {
  return tx
    .select()
    .from(rfidCards)
    .where(eq(rfidCards.driverId, driverId))
    .orderBy(sql`${rfidCards.archivedAt} asc nulls first`, asc(rfidCards.id));
}

/** A card of a live driver in reach; `forUpdate` locks the card row. */
export async function findCard(tx: Tx, actor: Actor, id: number, forUpdate = false) {
  const q = tx
    .select({ card: rfidCards })
    .from(rfidCards)
    .innerJoin(drivers, eq(drivers.id, rfidCards.driverId))
    .innerJoin(operators, eq(operators.id, drivers.operatorId))
    .where(and(eq(rfidCards.id, id), ownerInScope(actor)));
  const [row] = await (forUpdate ? q.for('update', { of: rfidCards }) : q);
  return row?.card;
}

/** The cards of live drivers in reach among `ids`; the others are simply not there. */
export async function cardsInReach(tx: Tx, actor: Actor, ids: readonly number[]) {
  const rows = await tx
    .select({ card: rfidCards })
    .from(rfidCards)
    .innerJoin(drivers, eq(drivers.id, rfidCards.driverId))
    .innerJoin(operators, eq(operators.id, drivers.operatorId))
    .where(and(inArray(rfidCards.id, [...ids]), ownerInScope(actor)))
    .orderBy(asc(rfidCards.id));
  return rows.map((r) => r.card);
}

/** Any card with this number, in any network: the unique index on upper(number) is global. */
export async function cardNumberTaken(tx: Tx, number: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: rfidCards.id })
    .from(rfidCards)
    .where(sql`upper(${rfidCards.number}) = upper(${number})`)
    .limit(1);
  return row !== undefined;
}

/** Inserts a card; undefined when the number is taken (raced past the check). */
export async function insertCard(tx: Tx, values: NewCard) {
  const [row] = await tx.insert(rfidCards).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCard(tx: Tx, id: number, values: Partial<NewCard>) {
  // An UPDATE with nothing to set is refused by drizzle (it answered 500): such a call changes nothing.
  const changes = Object.values(values).some((v) => v !== undefined);
  const [row] = changes
    ? await tx.update(rfidCards).set(values).where(eq(rfidCards.id, id)).returning()
    : await tx.select().from(rfidCards).where(eq(rfidCards.id, id));
  if (!row) throw new Error('card update returned nothing');
  return row;
}
