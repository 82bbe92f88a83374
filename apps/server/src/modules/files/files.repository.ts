import { eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { fileGrants, storedFiles } from '../../db/schema/index.js';

export type GrantRow = typeof fileGrants.$inferSelect;
export type StoredFileRow = typeof storedFiles.$inferSelect;

export async function insertGrant(tx: Tx, values: typeof fileGrants.$inferInsert): Promise<GrantRow> {
  const [row] = await tx.insert(fileGrants).values(values).returning();
  if (!row) throw new Error('file grant not inserted');
  return row;
}

export async function grantByUsername(tx: Tx, username: string): Promise<GrantRow | null> {
  const [row] = await tx.select().from(fileGrants).where(eq(fileGrants.username, username)).limit(1);
  return row ?? null;
}

/** One completed transfer under a grant: a download served or an upload stored. */
export function countUse(tx: Tx, grantId: number, bytes: number, at: Date) {
  return tx
    .update(fileGrants)
    .set({ uses: sql`${fileGrants.uses} + 1`, bytes: sql`${fileGrants.bytes} + ${bytes}`, lastUsedAt: at })
    .where(eq(fileGrants.id, grantId));
}

/** A file stored under a key: a new upload under the same key replaces the record. */
export async function saveStoredFile(
  tx: Tx,
  values: typeof storedFiles.$inferInsert,
): Promise<StoredFileRow> {
  const { key: _key, ...changes } = values;
  const [row] = await tx
    .insert(storedFiles)
    .values(values)
    .onConflictDoUpdate({ target: storedFiles.key, set: { ...changes, createdAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('stored file not saved');
  return row;
}

/** Grants that ran out long ago say nothing more; their stored files keep their records. */
export function purgeGrantsBefore(tx: Tx, before: Date) {
  return tx.delete(fileGrants).where(lt(fileGrants.expiresAt, before));
}
