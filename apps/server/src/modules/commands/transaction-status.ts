import { and, eq } from 'drizzle-orm';
import { asksTransactionStatus } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import { chargingSessions } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { MessageKey } from '../../lib/messages.js';
import { notSupported } from '../../ocpp/gateway.js';
import type { Payload, Prepared } from './prepared.js';

/** The charger's own id of one of its sessions, null when it gave none; undefined: no such session there. */
async function chargerTransactionOf(db: Db, chargePointId: number, sessionId: number) {
  const [row] = await db
    .select({ id: chargingSessions.chargerTransactionId })
    .from(chargingSessions)
    .where(and(eq(chargingSessions.id, sessionId), eq(chargingSessions.chargePointId, chargePointId)));
  return row ? row.id : undefined;
}

/**
 * E14 GetTransactionStatus: a session is named by Voltline's id and asked about by the charger's
 * own transaction id; without a session the charger says whether it has any transaction messages
 * queued. A charger whose protocol cannot be asked is refused before anything is sent.
 */
export async function prepareTransactionStatus(
  db: Db,
  cp: { id: number; chargePointId: string; ocppProtocol: string },
  request: Payload,
): Promise<Prepared> {
  if (!asksTransactionStatus(cp.ocppProtocol)) throw notSupported(cp.chargePointId, 'GetTransactionStatus');
  const sessionId = typeof request.sessionId === 'number' ? request.sessionId : undefined;
  if (sessionId === undefined) return { payload: {}, logged: {} };
  const transactionId = await chargerTransactionOf(db, cp.id, sessionId);
  if (transactionId === undefined) throw notFound('session');
  if (transactionId === null) {
    throw new AppError(409, 'command.noChargerTransaction', { sessionId, chargePointId: cp.chargePointId });
  }
  return { payload: { transactionId }, logged: { sessionId, transactionId }, extra: { sessionId } };
}

/** The charger's answer in words: whether the session still runs there, and whether messages wait. */
export function transactionStatusWords(answer: Payload): { key: MessageKey; params: Record<string, number> } {
  const queued = answer.messagesInQueue === true;
  const sessionId = typeof answer.sessionId === 'number' ? answer.sessionId : undefined;
  if (sessionId === undefined || typeof answer.ongoingIndicator !== 'boolean') {
    return { key: queued ? 'command.txQueueQueued' : 'command.txQueueClear', params: {} };
  }
  const key: MessageKey = answer.ongoingIndicator
    ? queued
      ? 'command.txOngoingQueued'
      : 'command.txOngoingClear'
    : queued
      ? 'command.txEndedQueued'
      : 'command.txEndedClear';
  return { key, params: { sessionId } };
}
