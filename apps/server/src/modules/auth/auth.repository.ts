import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { authFailures, authSessions, operators, passwordResets, users } from '../../db/schema/index.js';

const actorColumns = {
  userId: users.id,
  email: users.email,
  name: users.name,
  surname: users.surname,
  roles: users.roles,
  locale: users.locale,
  operatorId: operators.id,
  operatorName: operators.name,
  operatorPath: operators.path,
};

export async function findLiveUserByEmail(tx: Tx, email: string) {
  const [row] = await tx
    .select({ ...actorColumns, passwordHash: users.passwordHash, active: users.active })
    .from(users)
    .innerJoin(operators, eq(operators.id, users.operatorId))
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** The signed-in user behind a live session, or nothing when the session is over. */
export async function findSessionActor(tx: Tx, sessionId: string, userId: number) {
  const [row] = await tx
    .select({ ...actorColumns, sessionId: authSessions.id })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .innerJoin(operators, eq(operators.id, users.operatorId))
    .where(
      and(
        eq(authSessions.id, sessionId),
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`now()`),
        eq(users.active, true),
        isNull(users.deletedAt),
        isNull(operators.archivedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function insertSession(tx: Tx, s: typeof authSessions.$inferInsert) {
  await tx.insert(authSessions).values(s);
  await tx
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, s.userId));
}

export async function revokeSession(tx: Tx, id: string) {
  await tx
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)));
}

export async function revokeUserSessions(tx: Tx, userId: number) {
  await tx
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

export async function failureCount(tx: Tx, key: string, windowMinutes: number): Promise<number> {
  const [row] = await tx
    .select({ count: authFailures.count })
    .from(authFailures)
    .where(
      and(
        eq(authFailures.key, key),
        gt(authFailures.windowStart, sql`now() - make_interval(mins => ${windowMinutes})`),
      ),
    );
  return row?.count ?? 0;
}

export async function recordFailure(tx: Tx, key: string, windowMinutes: number) {
  const expired = sql`${authFailures.windowStart} <= now() - make_interval(mins => ${windowMinutes})`;
  await tx
    .insert(authFailures)
    .values({ key, count: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: authFailures.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${authFailures.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${authFailures.windowStart} END`,
      },
    });
}

export async function clearFailures(tx: Tx, key: string) {
  await tx.delete(authFailures).where(eq(authFailures.key, key));
}

export async function insertReset(tx: Tx, r: typeof passwordResets.$inferInsert) {
  await tx.insert(passwordResets).values(r);
}

/** Locks the reset row so a link can be used once, even by two clicks at the same moment. */
export async function takeValidReset(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select({
      id: passwordResets.id,
      userId: passwordResets.userId,
      email: users.email,
      operatorId: users.operatorId,
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    )
    .for('update', { of: passwordResets })
    .limit(1);
  return row;
}

export async function markResetUsed(tx: Tx, id: number) {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(eq(passwordResets.id, id));
}

/** A changed password voids every reset link of the account still outstanding. */
export async function voidResets(tx: Tx, userId: number) {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function setPassword(tx: Tx, userId: number, passwordHash: string) {
  await tx
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
