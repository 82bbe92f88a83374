import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Driver, DriverFilter, DriverStatus } from '@voltline/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { chargingSessions, drivers, operators, rfidCards } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';
import { containsPattern, prefixPattern } from '../../lib/like.js';

type Filter = z.output<typeof DriverFilter>;
export type NewDriver = Omit<typeof drivers.$inferInsert, 'id'>;

/** Cards that are not archived, per driver. */
const cardCount = sql<number>`(select count(*)::int from ${rfidCards}
  where ${rfidCards.driverId} = ${drivers.id} and ${rfidCards.archivedAt} is null)`;

/**
 * Running sessions per driver, as `remove` counts them. Cheap per row of a page: `state = 'active'`
 * lets the planner read charging_sessions_live_idx, which holds only sessions not yet closed.
 */
const activeSessions = sql<number>`(select count(*)::int from ${chargingSessions}
  where ${chargingSessions.driverId} = ${drivers.id} and ${chargingSessions.state} = 'active')`;

const columns = {
  id: drivers.id,
  name: drivers.name,
  surname: drivers.surname,
  email: drivers.email,
  phone: drivers.phone,
  status: drivers.status,
  balance: drivers.balance,
  currency: drivers.currency,
  operatorId: drivers.operatorId,
  operatorName: operators.name,
  operatorPath: operators.path,
  cardCount,
  activeSessions,
  createdAt: drivers.createdAt,
  updatedAt: drivers.updatedAt,
};

export type DriverRow = Awaited<ReturnType<typeof listDrivers>>[number];

export function toDriver(r: DriverRow): Driver {
  return {
    id: r.id,
    name: r.name,
    surname: r.surname,
    email: r.email,
    phone: r.phone,
    status: r.status as DriverStatus,
    balance: r.balance,
    currency: r.currency,
    operatorId: r.operatorId,
    operatorName: r.operatorName,
    cardCount: r.cardCount,
    activeSessions: r.activeSessions,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const sortColumns = {
  id: drivers.id,
  name: drivers.name,
  surname: drivers.surname,
  email: drivers.email,
  balance: drivers.balance,
  status: drivers.status,
  createdAt: drivers.createdAt,
};

function where(actor: Actor, f?: Filter, subtreeOf?: string): SQL | undefined {
  const search = f?.search ? containsPattern(f.search) : undefined;
  const hasCard = sql`exists (select 1 from ${rfidCards}
    where ${rfidCards.driverId} = ${drivers.id} and ${rfidCards.archivedAt} is null)`;
  return and(
    isNull(drivers.deletedAt),
    inScope(actor, operators.path),
    search
      ? or(
          ilike(drivers.name, search),
          ilike(drivers.surname, search),
          ilike(drivers.email, search),
          ilike(drivers.phone, search),
          sql`(${drivers.name} || ' ' || ${drivers.surname}) ilike ${search}`,
          sql`exists (select 1 from ${rfidCards}
            where ${rfidCards.driverId} = ${drivers.id} and ${rfidCards.number} ilike ${search})`,
        )
      : undefined,
    subtreeOf ? sql`${operators.path} like ${prefixPattern(subtreeOf)}` : undefined,
    f?.status ? eq(drivers.status, f.status) : undefined,
    f?.hasCard === undefined ? undefined : f.hasCard ? hasCard : sql`not ${hasCard}`,
    f?.balanceMin === undefined ? undefined : gte(drivers.balance, f.balanceMin),
    f?.balanceMax === undefined ? undefined : lte(drivers.balance, f.balanceMax),
    f?.createdFrom ? gte(drivers.createdAt, new Date(f.createdFrom)) : undefined,
    f?.createdTo ? lte(drivers.createdAt, new Date(f.createdTo)) : undefined,
    f?.ids ? inArray(drivers.id, f.ids) : undefined,
  );
}

function base(tx: Tx) {
  return tx.select(columns).from(drivers).innerJoin(operators, eq(operators.id, drivers.operatorId));
}

/** `operatorPath`: the path of the filter's operator, resolved in scope by the service. */
export function listDrivers(
  tx: Tx,
  actor: Actor,
  f: Filter,
  offset: number,
  limit: number,
  operatorPath?: string,
) {
  const order = f.sortOrder === 'desc' ? desc : asc;
  return base(tx)
    .where(where(actor, f, operatorPath))
    .orderBy(order(sortColumns[f.sortBy]), asc(drivers.id))
    .limit(limit)
    .offset(offset);
}

export async function countDrivers(tx: Tx, actor: Actor, f: Filter, operatorPath?: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(drivers)
    .innerJoin(operators, eq(operators.id, drivers.operatorId))
    .where(where(actor, f, operatorPath));
  return row?.n ?? 0;
}

/** Drivers that belong directly to one operator (pickers). */
export function driversOfOperator(tx: Tx, actor: Actor, operatorId: number, limit: number) {
  return base(tx)
    .where(and(where(actor), eq(drivers.operatorId, operatorId)))
    .orderBy(asc(drivers.name), asc(drivers.surname), asc(drivers.id))
    .limit(limit);
}

/**
 * A live driver the actor may see; `forUpdate` locks the driver row, which serialises every
 * balance and status change of that driver.
 */
export async function findDriver(tx: Tx, actor: Actor, id: number, forUpdate = false) {
  const q = base(tx).where(and(eq(drivers.id, id), where(actor)));
  const [row] = await (forUpdate ? q.for('update', { of: drivers }) : q);
  return row;
}

export async function insertDriver(tx: Tx, values: NewDriver) {
  const [row] = await tx.insert(drivers).values(values).returning({ id: drivers.id });
  if (!row) throw new Error('driver insert returned nothing');
  return row;
}

export async function updateDriver(tx: Tx, id: number, values: Partial<NewDriver>) {
  await tx
    .update(drivers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(drivers.id, id));
}

export async function softDeleteDriver(tx: Tx, id: number) {
  await tx
    .update(drivers)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(drivers.id, id));
  // A deleted driver's cards stop working at once and show as archived if ever restored.
  await tx
    .update(rfidCards)
    .set({ archivedAt: sql`now()` })
    .where(and(eq(rfidCards.driverId, id), isNull(rfidCards.archivedAt)));
}

export async function hasActiveSession(tx: Tx, driverId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(and(eq(chargingSessions.driverId, driverId), eq(chargingSessions.state, 'active')))
    .limit(1);
  return row !== undefined;
}
