import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { apiKeys, operators, users } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  operatorId: apiKeys.operatorId,
  operatorName: operators.name,
  operatorPath: operators.path,
  operatorArchivedAt: operators.archivedAt,
  role: apiKeys.role,
  permissions: apiKeys.permissions,
  prefix: apiKeys.prefix,
  allowedIps: apiKeys.allowedIps,
  createdById: apiKeys.createdBy,
  createdBy: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  previousValidUntil: apiKeys.previousValidUntil,
  revokedAt: apiKeys.revokedAt,
};

export type ApiKeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

function select(tx: Tx) {
  return tx
    .select(columns)
    .from(apiKeys)
    .innerJoin(operators, eq(operators.id, apiKeys.operatorId))
    .leftJoin(users, eq(users.id, apiKeys.createdBy));
}

/** The keys of the actor's subtree, newest first (no secret, no hash). */
export function listApiKeys(tx: Tx, actor: Actor) {
  return select(tx).where(inScope(actor, operators.path)).orderBy(desc(apiKeys.id)).limit(1000);
}

export async function findApiKey(tx: Tx, actor: Actor, id: number, lock = false) {
  const q = select(tx).where(and(eq(apiKeys.id, id), inScope(actor, operators.path)));
  const [row] = await (lock ? q.for('update', { of: apiKeys }) : q);
  return row;
}

/** The key a presented secret belongs to: its current secret, or the one before a rotation. */
export async function findBySecretHash(tx: Tx, hash: string) {
  const [row] = await tx
    .select({ ...columns, current: sql<boolean>`${apiKeys.secretHash} = ${hash}` })
    .from(apiKeys)
    .innerJoin(operators, eq(operators.id, apiKeys.operatorId))
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(or(eq(apiKeys.secretHash, hash), eq(apiKeys.previousHash, hash)))
    .limit(1);
  return row;
}

export async function insertApiKey(tx: Tx, values: typeof apiKeys.$inferInsert) {
  const [row] = await tx.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  if (!row) throw new Error('api key insert returned nothing');
  return row.id;
}

export async function rotateSecret(
  tx: Tx,
  id: number,
  next: { hash: string; prefix: string; previousValidUntil: Date },
) {
  await tx
    .update(apiKeys)
    .set({
      previousHash: apiKeys.secretHash,
      previousValidUntil: next.previousValidUntil,
      secretHash: next.hash,
      prefix: next.prefix,
    })
    .where(eq(apiKeys.id, id));
}

export async function revokeApiKey(tx: Tx, id: number, by: number, at: Date) {
  await tx
    .update(apiKeys)
    .set({ revokedAt: at, revokedBy: by })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
}

/** At most one write a minute per key, whatever its traffic. */
export async function touchLastUsed(tx: Tx, id: number, at: Date) {
  const minuteAgo = new Date(at.getTime() - 60_000);
  await tx
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), sql`${apiKeys.lastUsedAt} < ${minuteAgo.toISOString()}::timestamptz`),
      ),
    );
}
