import { and, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { OCPP_LOG_TYPES, type OcppLogQuery } from '@voltline/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { chargePoints, ocppMessages, operators } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

type Query = z.output<typeof OcppLogQuery>;
export type OcppLogRow = typeof ocppMessages.$inferSelect;

/**
 * Log lines of chargers in the actor's reach. Log lines keep the identity the charger used, so
 * reach is decided through the charge point registered under that identity.
 */
function where(actor: Actor, q: Query, extra?: SQL): SQL | undefined {
  const types = (q.Types ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const messageTypes = types.filter((t) => (OCPP_LOG_TYPES as readonly string[]).includes(t));
  const actions = types.filter((t) => !(OCPP_LOG_TYPES as readonly string[]).includes(t));
  const scope = actor.isAdmin
    ? undefined
    : sql`lower(${ocppMessages.chargePointId}) IN (SELECT lower(${chargePoints.chargePointId}) FROM ${chargePoints} JOIN ${operators} ON ${operators.id} = ${chargePoints.operatorId} WHERE ${inScope(actor, operators.path)})`;
  return and(
    scope,
    q.ChargePointId ? sql`lower(${ocppMessages.chargePointId}) = lower(${q.ChargePointId})` : undefined,
    q.StartDate ? gte(ocppMessages.at, new Date(q.StartDate)) : undefined,
    q.EndDate ? lte(ocppMessages.at, new Date(q.EndDate)) : undefined,
    types.length > 0
      ? or(
          messageTypes.length > 0 ? inArray(ocppMessages.messageType, messageTypes) : undefined,
          actions.length > 0 ? inArray(ocppMessages.action, actions) : undefined,
        )
      : undefined,
    extra,
  );
}

export async function pageLogs(tx: Tx, actor: Actor, q: Query, extra?: SQL) {
  const cond = where(actor, q, extra);
  const [items, [total]] = await Promise.all([
    tx
      .select()
      .from(ocppMessages)
      .where(cond)
      .orderBy(desc(ocppMessages.at), desc(ocppMessages.id))
      .limit(q.size)
      .offset(q.index * q.size),
    tx.select({ n: count() }).from(ocppMessages).where(cond),
  ]);
  return { items, total: total?.n ?? 0 };
}

export const isCall = eq(ocppMessages.messageType, 'CALL');

/** The answers to the given CALLs, matched by charger and message id in the other direction. */
export async function answersTo(tx: Tx, calls: OcppLogRow[]) {
  if (calls.length === 0) return [];
  const keys = calls.map(
    (c) => sql`(${c.chargePointId}, ${c.messageId}, ${c.direction === 'in' ? 'out' : 'in'})`,
  );
  return tx
    .select()
    .from(ocppMessages)
    .where(
      and(
        inArray(ocppMessages.messageType, ['CALLRESULT', 'CALLERROR']),
        sql`(${ocppMessages.chargePointId}, ${ocppMessages.messageId}, ${ocppMessages.direction}) IN (${sql.join(keys, sql`, `)})`,
      ),
    );
}
