import type { Locale, RemoteStartOutcome } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Ctx } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { isMessageKey, translate, type MessageKey } from '../../lib/messages.js';
import { findRemoteStart, sessionOf } from './remote-start.repository.js';

export type AuthorizeVerdicts = (
  identity: string,
  idTag: string,
  since: Date,
) => Promise<{ status: string; at: Date }[]>;

/** Card verdicts said in words (the charger's display texts, which every language has). */
const VERDICT_WORDS = new Set(['Blocked', 'Expired', 'NoCredit', 'ConcurrentTx', 'Invalid', 'Unknown']);

/** The refusal's reason in the user's words. */
function reasonWords(locale: Locale, reason: string): string {
  const key = `remoteStart.reason.${reason}`;
  return VERDICT_WORDS.has(reason) && isMessageKey(key)
    ? translate(locale, key)
    : translate(locale, 'remoteStart.reason.other', { reason });
}

/**
 * Follows a remote start to its outcome (issue #34): an Accepted answer only says the charger will
 * try. What happened next is read from what every protocol leaves behind: a session for the card
 * (refused or not), or Voltline's Authorize answer for the card. Nothing here knows the version.
 */
export class RemoteStartOutcomes {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly timeoutSeconds: number,
    /** Voltline's Authorize answers for a card at a charger since a moment (ocpp/authorize-answers.ts). */
    private readonly authorizeVerdicts: AuthorizeVerdicts,
  ) {}

  async outcome(ctx: Ctx, commandId: number): Promise<RemoteStartOutcome> {
    const rec = await findRemoteStart(this.db, ctx.actor, commandId);
    if (!rec) throw notFound('command');
    const base = { commandId, timeoutSeconds: this.timeoutSeconds, sessionId: null, reason: null };
    const say = (key: MessageKey, params: Record<string, string | number> = {}) =>
      translate(ctx.locale, key, params);
    if (rec.outcome !== 'answered' || rec.status !== 'Accepted') {
      const reason = rec.status ?? rec.outcome;
      return { ...base, outcome: 'notAccepted', reason, message: say('remoteStart.notAccepted', { reason }) };
    }
    const idTag = typeof rec.request.idTag === 'string' ? rec.request.idTag : '';
    const connectorId = typeof rec.request.connectorId === 'number' ? rec.request.connectorId : undefined;
    const answer = rec.answer ?? {};
    const session = await sessionOf(this.db, rec.chargePointId, {
      idTag,
      connectorId,
      since: rec.sentAt,
      remoteStartId: typeof answer.remoteStartId === 'number' ? answer.remoteStartId : undefined,
      transactionId: typeof answer.transactionId === 'string' ? answer.transactionId : undefined,
    });
    if (session && session.state === 'refused' && session.authorization !== 'Pending') {
      const reason = session.authorization;
      return {
        ...base,
        outcome: 'refused',
        sessionId: session.id,
        reason,
        message: say('remoteStart.refused', { reason: reasonWords(ctx.locale, reason) }),
      };
    }
    if (session && session.state !== 'refused') {
      return {
        ...base,
        outcome: 'started',
        sessionId: session.id,
        message: say('remoteStart.started', { sessionId: session.id }),
      };
    }
    const refusal = (await this.authorizeVerdicts(rec.identity, idTag, rec.sentAt)).find(
      (v) => v.status !== 'Accepted',
    );
    if (refusal) {
      return {
        ...base,
        outcome: 'refused',
        reason: refusal.status,
        message: say('remoteStart.refused', { reason: reasonWords(ctx.locale, refusal.status) }),
      };
    }
    const waited = (this.clock.now().getTime() - rec.sentAt.getTime()) / 1000;
    if (waited > this.timeoutSeconds) {
      return {
        ...base,
        outcome: 'timedOut',
        message: say('remoteStart.timedOut', { seconds: this.timeoutSeconds }),
      };
    }
    return { ...base, outcome: 'waiting', message: say('remoteStart.waiting') };
  }
}
