import type { Tx } from '../../db/client.js';
import { findOperatorInScope } from './operators.repository.js';
import type { Actor } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';

/**
 * The operator a record is being placed under: it must exist, be live and be in the actor's
 * reach, or the request is refused naming the field.
 */
export async function operatorInReach(tx: Tx, actor: Actor, operatorId: number, field = 'body.operatorId') {
  const op = await findOperatorInScope(tx, actor, operatorId);
  if (!op || op.archivedAt) {
    throw new AppError(400, 'user.operatorOutOfReach', {}, [{ field, key: 'user.operatorOutOfReach' }]);
  }
  return op;
}
