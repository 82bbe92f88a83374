import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { recordChargerEntry } from './auto-entries.repository.js';

/**
 * A ChangeAvailability the charger accepted (or scheduled, while a session runs) is an
 * availability entry, by the user who sent it; runs in the command's answer transaction.
 */
export async function recordCommandInMaintenance(
  tx: Tx,
  ctx: Ctx,
  chargePointDbId: number,
  command: string,
  request: Record<string, unknown>,
  answer: Record<string, unknown>,
) {
  if (command !== 'changeAvailability') return;
  if (answer.status !== 'Accepted' && answer.status !== 'Scheduled') return;
  const connectorId = typeof request.connectorId === 'number' ? request.connectorId : null;
  await recordChargerEntry(
    tx,
    chargePointDbId,
    'availability',
    { requested: String(request.type), answer: answer.status },
    { connectorId, createdBy: ctx.actor.userId },
  );
}
