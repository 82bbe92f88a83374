import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { findDriver } from './drivers.repository.js';

/** A live driver in the actor's reach, or 404; `forUpdate` locks it for a change. */
export async function driverInScope(tx: Tx, ctx: Ctx, id: number, forUpdate = false) {
  const row = await findDriver(tx, ctx.actor, id, forUpdate);
  if (!row) throw notFound('driver');
  return row;
}
