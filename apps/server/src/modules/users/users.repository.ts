import { and, arrayContains, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { User, UserFilter } from '@voltline/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { operators, users } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';
import { containsPattern } from '../../lib/like.js';

type Filter = z.output<typeof UserFilter>;
export type NewUser = Omit<typeof users.$inferInsert, 'id'>;

const columns = {
  id: users.id,
  email: users.email,
  name: users.name,
  surname: users.surname,
  phone: users.phone,
  operatorId: users.operatorId,
  operatorName: operators.name,
  operatorPath: operators.path,
  roles: users.roles,
  active: users.active,
  locale: users.locale,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

type Row = Awaited<ReturnType<typeof listUsers>>[number];

export function toUser(r: Row): User {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    surname: r.surname,
    phone: r.phone,
    operatorId: r.operatorId,
    operatorName: r.operatorName,
    roles: r.roles as User['roles'],
    active: r.active,
    locale: r.locale,
    lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const sortColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  surname: users.surname,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

function where(actor: Actor, f?: Filter): SQL | undefined {
  const search = f?.search ? containsPattern(f.search) : undefined;
  return and(
    isNull(users.deletedAt),
    inScope(actor, operators.path),
    search
      ? or(ilike(users.email, search), ilike(users.name, search), ilike(users.surname, search))
      : undefined,
    f?.operatorId ? eq(users.operatorId, f.operatorId) : undefined,
    f?.role ? arrayContains(users.roles, [f.role]) : undefined,
    f?.active === undefined ? undefined : eq(users.active, f.active),
  );
}

function base(tx: Tx) {
  return tx.select(columns).from(users).innerJoin(operators, eq(operators.id, users.operatorId));
}

export function listUsers(tx: Tx, actor: Actor, f: Filter, offset: number, limit: number) {
  const order = f.sortOrder === 'desc' ? desc : asc;
  return base(tx)
    .where(where(actor, f))
    .orderBy(order(sortColumns[f.sortBy]), asc(users.id))
    .limit(limit)
    .offset(offset);
}

export async function countUsers(tx: Tx, actor: Actor, f: Filter): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .innerJoin(operators, eq(operators.id, users.operatorId))
    .where(where(actor, f));
  return row?.n ?? 0;
}

/** A live user the actor may see; `forUpdate` locks the row for a change. */
export async function findUser(tx: Tx, actor: Actor, id: number, forUpdate = false) {
  const q = base(tx).where(and(eq(users.id, id), where(actor)));
  const [row] = await (forUpdate ? q.for('update', { of: users }) : q);
  return row;
}

export async function emailTaken(tx: Tx, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.email, email),
        isNull(users.deletedAt),
        exceptId ? sql`${users.id} <> ${exceptId}` : undefined,
      ),
    );
  return row !== undefined;
}

export async function insertUser(tx: Tx, values: NewUser) {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id, email: users.email });
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function updateUser(tx: Tx, id: number, values: Partial<NewUser>) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function softDeleteUser(tx: Tx, id: number) {
  await tx
    .update(users)
    .set({ deletedAt: sql`now()`, active: false, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/**
 * Locks and counts the active Admins, so two concurrent demotions cannot both pass the
 * last-Admin check.
 */
export async function lockActiveAdmins(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(arrayContains(users.roles, ['Admin']), eq(users.active, true), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}
