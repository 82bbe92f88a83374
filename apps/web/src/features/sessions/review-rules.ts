import { REVIEW_REASONS, type ReviewReason, type ReviewSessionBody, type Session } from '@voltline/contract';

/** The contract's bound of a meter reading staff may enter (Wh, 1 TWh). */
export const METER_MAX_WH = 1_000_000_000_000;

export type ReviewAction = ReviewSessionBody['action'];

/** The review dialog's fields; `stoppedAt` as an ISO time, empty when staff leave it as stored. */
export interface ReviewValues {
  action: ReviewAction;
  note: string;
  meterStart?: number | null;
  meterStop?: number | null;
  stoppedAt?: string | null;
}

/** Request fields the dialog has a control for: the server's field errors land under them. */
export const REVIEW_FIELDS = ['action', 'note', 'meterStart', 'meterStop', 'stoppedAt'] as const;

/** A session staff have to release or correct before it is billed and counted. */
export const isHeld = (s: Pick<Session, 'state'>): boolean => s.state === 'review';

/** Keys (of the `sessions` namespace) of why a session is held, once each, in the contract's order. */
export function reasonKeys(reasons: readonly ReviewReason[]): string[] {
  return REVIEW_REASONS.filter((r) => reasons.includes(r)).map((r) => `review.reasons.${r}`);
}

const enterable = (wh: number | null): number | undefined =>
  wh !== null && Number.isInteger(wh) && wh >= 0 && wh <= METER_MAX_WH ? wh : undefined;

/**
 * What the dialog starts from: the readings as the charger sent them, where the form can hold
 * them (a negative or oversized reading is left for staff to type), so a correction often means
 * changing one number.
 */
export function initialReviewValues(s: Pick<Session, 'meterStart' | 'meterStop'>): Partial<ReviewValues> {
  return { action: 'release', meterStart: enterable(s.meterStart), meterStop: enterable(s.meterStop) };
}

/** Whether a meter stop is before the meter start (the server refuses it too). */
export const stopBeforeStart = (start: number | null | undefined, stop: number | null | undefined) =>
  typeof start === 'number' && typeof stop === 'number' && stop < start;

/**
 * The request for the dialog's values. Release sends the note only; correct sends both readings
 * and the stop time only when staff changed it, so a stored stop time is never sent back as new.
 */
export function reviewBody(v: ReviewValues, storedStoppedAt: string | null): ReviewSessionBody {
  const note = v.note.trim();
  if (v.action === 'release') return { action: 'release', note };
  const body: ReviewSessionBody = { action: 'correct', note };
  if (typeof v.meterStart === 'number') body.meterStart = v.meterStart;
  if (typeof v.meterStop === 'number') body.meterStop = v.meterStop;
  const changed =
    v.stoppedAt && (storedStoppedAt === null || Date.parse(v.stoppedAt) !== Date.parse(storedStoppedAt));
  if (changed) body.stoppedAt = new Date(v.stoppedAt ?? '').toISOString();
  return body;
}
