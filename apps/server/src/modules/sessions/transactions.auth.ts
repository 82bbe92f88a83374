import type { Tx } from '../../db/client.js';
import type { OcppChargePoint } from '../charge-points/charge-points.repository.js';
import {
  authorizeCard,
  authorizeIdTag,
  cardBusy,
  type CardAuthorization,
  type CardVerdict,
} from '../drivers/authorization.js';
import { linkRoamingSession } from '../drivers/roaming-tokens.js';
import type { BookingStarts } from './sessions.ocpp.js';
import * as repo from './sessions.repository.js';
import { sessionStarted } from '../events/session-events.js';

/**
 * What Voltline answers about a token on a transaction event: the card rules of a 1.6 start
 * (drivers/authorization.ts), as the domain's verdict; the adapter words it.
 */
export type TokenStatus = CardVerdict;

/** How a session waiting for its token is recorded: refused (never billed), authorization Pending. */
export const AWAITING_TOKEN = 'Pending';

export interface TokenAnswer {
  status: TokenStatus;
  expiryDate?: string;
  /** The card's group, for the charger to let a card of the group stop the transaction (C09). */
  groupIdToken?: string;
  /** A prepaid driver's balance, for the charger's display. */
  credit?: { balance: number; currency: string };
}

/** The parts of a card's authorization a charger is told, with the verdict given. */
function answerOf(card: CardAuthorization, status: TokenStatus): TokenAnswer {
  const answer: TokenAnswer = { status };
  if (card.expiryDate && (status === 'Accepted' || status === 'Expired')) answer.expiryDate = card.expiryDate;
  if (card.groupIdToken) answer.groupIdToken = card.groupIdToken;
  if (card.credit && (status === 'Accepted' || status === 'NoCredit')) answer.credit = card.credit;
  return answer;
}

/** A token's answer without changing anything (a stop token, a resent event). */
export async function tokenAnswer(tx: Tx, cp: OcppChargePoint, token: { idTag: string; free: boolean }) {
  if (token.free) return { status: 'Accepted' } satisfies TokenAnswer;
  const card = await authorizeIdTag(tx, token.idTag, cp.operatorPath);
  return answerOf(card, card.status);
}

/** The answer a session's own token gets again: its recorded decision. */
export function recordedAnswer(s: repo.SessionRow): TokenAnswer {
  return { status: (s.authorization === AWAITING_TOKEN ? 'Invalid' : s.authorization) as TokenStatus };
}

/**
 * Authorizes the session's token, as a 1.6 StartTransaction does: a free vend is accepted with no
 * card; a card is accepted unless blocked, expired, unknown or already charging elsewhere, or a
 * booking named by the transaction belongs to another card. Accepted, the session becomes the
 * card's running session (its booking used); refused, it is kept refused and never billed.
 */
export async function authorizeSession(
  tx: Tx,
  cp: OcppChargePoint,
  s: repo.SessionRow,
  token: { idTag: string; free: boolean },
  bookings: BookingStarts | undefined,
): Promise<{ session: repo.SessionRow; answer: TokenAnswer }> {
  if (token.free) {
    const session = await repo.completeSession(tx, s.id, {
      idTag: token.idTag,
      rfidCardId: null,
      driverId: null,
      state: 'active',
      authorization: 'Accepted',
    });
    // A session already running that names another token goes on: it began once.
    if (session && s.state !== 'active') await sessionStarted(tx, session, cp.chargePointId);
    return { session: session ?? s, answer: { status: 'Accepted' } };
  }
  const { busy: _hint, ...card } = await authorizeCard(tx, token.idTag, cp.operatorPath, false, new Date(), {
    chargePointId: cp.id,
    record: true,
  });
  const busy =
    card.status === 'Accepted' &&
    card.rfidCardId !== undefined &&
    (await cardBusy(tx, card.rfidCardId, s.id));
  const booking =
    s.reservationId !== null && bookings
      ? await bookings.find(tx, cp.id, s.reservationId, token.idTag, s.startedAt)
      : null;
  const status: TokenStatus = booking && !booking.sameCard ? 'Invalid' : busy ? 'ConcurrentTx' : card.status;
  const values = {
    idTag: token.idTag,
    rfidCardId: card.rfidCardId ?? null,
    driverId: card.driverId ?? null,
  };
  const answer = answerOf(card, status);
  if (status === 'Accepted') {
    // The index of running sessions per card refuses a second; another charger's start of the
    // same card may have committed first. A savepoint keeps this transaction usable then.
    const accepted = await tx
      .transaction((sp) =>
        repo.completeSession(sp, s.id, { ...values, state: 'active', authorization: 'Accepted' }),
      )
      .catch((err: unknown) => {
        if ((err as { code?: string }).code === '23505' || String(err).includes('card_active_uq'))
          return undefined;
        throw err;
      });
    if (accepted) {
      if (booking?.sameCard) await bookings?.use(tx, booking.id, s.id, s.startedAt);
      if (s.state !== 'active') await sessionStarted(tx, accepted, cp.chargePointId);
      // A roaming partner's token: the session is the partner's (issue #31).
      if (card.roaming && s.state !== 'active') await linkRoamingSession(tx, s.id, card.roaming);
      return { session: accepted, answer };
    }
    const refused = await repo.completeSession(tx, s.id, {
      ...values,
      state: 'refused',
      authorization: 'ConcurrentTx',
    });
    return { session: refused ?? s, answer: answerOf(card, 'ConcurrentTx') };
  }
  const refused = await repo.completeSession(tx, s.id, {
    ...values,
    state: 'refused',
    authorization: status,
  });
  return { session: refused ?? s, answer };
}
