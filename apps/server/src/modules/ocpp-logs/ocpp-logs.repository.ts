import { and, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { OCPP_LOG_TYPES, type OcppLogQuery } from '@voltline/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { chargePoints, ocppMessages, operators } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

type Query = z.output<typeof OcppLogQuery>;
export type OcppLogRow = Omit<typeof ocppMessages.$inferSelect, 'payload'> & {
  /** Null when the stored payload is larger than the bound: `oversize` and `prefix` say what it was. */
  payload: unknown;
  oversize: number | null;
  prefix: string | null;
};

/**
 * A log row with its payload bounded in the database: a payload whose JSON text passes `maxBytes`
 * (one logged before frames were bounded may be a hundred megabytes) comes as its size and first
 * characters, so a page never carries more than its rows' bounds.
 */
function boundedRow(maxBytes: number) {
  const text = sql`${ocppMessages.payload}::text`;
  // Room for the envelope of a frame the log already cut (its size, hash and prefix).
  const over = sql`octet_length(${text}) > ${maxBytes + 1024}`;
  return {
    id: ocppMessages.id,
    chargePointId: ocppMessages.chargePointId,
    direction: ocppMessages.direction,
    messageType: ocppMessages.messageType,
    messageId: ocppMessages.messageId,
    action: ocppMessages.action,
    at: ocppMessages.at,
    responseTimeMs: ocppMessages.responseTimeMs,
    payload: sql<unknown>`CASE WHEN ${over} THEN NULL ELSE ${ocppMessages.payload} END`.mapWith(
      ocppMessages.payload,
    ),
    oversize: sql<number | null>`CASE WHEN ${over} THEN octet_length(${text}) END`.mapWith(Number),
    prefix: sql<string | null>`CASE WHEN ${over} THEN left(${text}, ${maxBytes}) END`,
  };
}

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

export async function pageLogs(tx: Tx, actor: Actor, q: Query, maxBytes: number, extra?: SQL) {
  const cond = where(actor, q, extra);
  const [items, [total]] = await Promise.all([
    tx
      .select(boundedRow(maxBytes))
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
export async function answersTo(tx: Tx, calls: OcppLogRow[], maxBytes: number): Promise<OcppLogRow[]> {
  if (calls.length === 0) return [];
  const keys = calls.map(
    (c) => sql`(${c.chargePointId}, ${c.messageId}, ${c.direction === 'in' ? 'out' : 'in'})`,
  );
  return tx
    .select(boundedRow(maxBytes))
    .from(ocppMessages)
    .where(
      and(
        inArray(ocppMessages.messageType, ['CALLRESULT', 'CALLERROR']),
        sql`(${ocppMessages.chargePointId}, ${ocppMessages.messageId}, ${ocppMessages.direction}) IN (${sql.join(keys, sql`, `)})`,
      ),
    );
}
