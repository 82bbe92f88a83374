import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { ocppMessages } from '../../db/schema/index.js';

/**
 * The newest GetConfiguration answer of a charger (its OCPP identity) that lists the key, as the
 * message log kept it; undefined when the log holds none (never asked, or pruned).
 */
export async function lastAnswerListing(tx: Tx, chargePointId: string, key: string) {
  const [row] = await tx
    .select({ payload: ocppMessages.payload })
    .from(ocppMessages)
    .where(
      and(
        eq(ocppMessages.chargePointId, chargePointId),
        eq(ocppMessages.direction, 'in'),
        eq(ocppMessages.messageType, 'CALLRESULT'),
        eq(ocppMessages.action, 'GetConfiguration'),
        sql`${ocppMessages.payload} @> ${JSON.stringify({ configurationKey: [{ key }] })}::jsonb`,
      ),
    )
    .orderBy(desc(ocppMessages.at))
    .limit(1);
  return row?.payload;
}
