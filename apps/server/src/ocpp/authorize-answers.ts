import { and, eq, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { ocppMessages } from '../db/schema/index.js';

/**
 * What Voltline answered a charger's Authorize for one card since a moment, read from the message
 * log (the only record of an Authorize: it changes nothing). Each version words the frames its own
 * way (1.6 `idTag` / `idTagInfo`, 2.0.1 `idToken.idToken` / `idTokenInfo`); this is where both are
 * read, so the domain asks for a card's verdict without knowing the version.
 */
export async function authorizeVerdicts(
  tx: Tx,
  identity: string,
  idTag: string,
  since: Date,
): Promise<{ status: string; at: Date }[]> {
  const call = alias(ocppMessages, 'call');
  const rows = await tx
    .select({ request: call.payload, answer: ocppMessages.payload, at: ocppMessages.at })
    .from(ocppMessages)
    .innerJoin(
      call,
      and(
        eq(call.chargePointId, ocppMessages.chargePointId),
        eq(call.messageId, ocppMessages.messageId),
        eq(call.messageType, 'CALL'),
        eq(call.direction, 'in'),
      ),
    )
    .where(
      and(
        eq(ocppMessages.chargePointId, identity),
        eq(ocppMessages.direction, 'out'),
        eq(ocppMessages.messageType, 'CALLRESULT'),
        eq(ocppMessages.action, 'Authorize'),
        gte(ocppMessages.at, since),
        gte(call.at, since),
        sql`lower(coalesce(${call.payload}->>'idTag', ${call.payload}->'idToken'->>'idToken')) = lower(${idTag})`,
      ),
    )
    .orderBy(ocppMessages.at)
    .limit(20);
  return rows.flatMap(({ answer, at }) => {
    const a = answer as { idTagInfo?: { status?: unknown }; idTokenInfo?: { status?: unknown } };
    const status = a.idTagInfo?.status ?? a.idTokenInfo?.status;
    return typeof status === 'string' ? [{ status, at }] : [];
  });
}
