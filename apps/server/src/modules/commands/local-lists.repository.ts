import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { localLists } from '../../db/schema/index.js';

export type ListEntries = Record<string, { status: string; expiryDate?: string }>;

/** What Voltline knows of a charger's local list, or undefined when it knows nothing. */
export async function lastSentList(tx: Tx, chargePointId: number) {
  const [row] = await tx.select().from(localLists).where(eq(localLists.chargePointId, chargePointId));
  return row;
}

/** A list the charger Accepted: it now holds this version with these entries. */
export async function saveAcceptedList(tx: Tx, chargePointId: number, version: number, entries: ListEntries) {
  const now = new Date();
  const set = { version, entries, sentAt: now, reportedVersion: version, reportedAt: now };
  await tx
    .insert(localLists)
    .values({ chargePointId, ...set })
    .onConflictDoUpdate({ target: localLists.chargePointId, set });
}

/** The version the charger reported (GetLocalListVersion); what Voltline sent stays recorded. */
export async function saveReportedVersion(tx: Tx, chargePointId: number, reportedVersion: number) {
  const set = { reportedVersion, reportedAt: new Date() };
  await tx
    .insert(localLists)
    .values({ chargePointId, version: null, entries: {}, ...set })
    .onConflictDoUpdate({ target: localLists.chargePointId, set });
}
