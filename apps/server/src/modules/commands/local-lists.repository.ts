import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { localLists } from '../../db/schema/index.js';

/** The local list Voltline last sent to a charger, or undefined when it never sent one. */
export async function lastSentList(tx: Tx, chargePointId: number) {
  const [row] = await tx.select().from(localLists).where(eq(localLists.chargePointId, chargePointId));
  return row;
}

export async function saveSentList(
  tx: Tx,
  chargePointId: number,
  version: number,
  entries: Record<string, { status: string; expiryDate?: string }>,
) {
  await tx
    .insert(localLists)
    .values({ chargePointId, version, entries })
    .onConflictDoUpdate({ target: localLists.chargePointId, set: { version, entries, sentAt: new Date() } });
}
