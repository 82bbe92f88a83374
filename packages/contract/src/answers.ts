/**
 * A charger's answer status, as the portal shows it: did the charger do (or agree to do) what was
 * asked? Only these say yes; every other status (Rejected, Refused, Faulted, Occupied,
 * Unavailable, NotSupported, NotImplemented, Failed, UnlockFailed, VersionMismatch, Unknown...) is
 * a refusal and is never shown as a success.
 */
export const SUCCESS_ANSWERS = [
  'Accepted',
  'Scheduled',
  'RebootRequired',
  'Unlocked',
  'AcceptedCanceled',
] as const;

export type AnswerOutcome = 'success' | 'refusal';

const successes: ReadonlySet<string> = new Set(SUCCESS_ANSWERS);

export const answerOutcome = (status: string): AnswerOutcome =>
  successes.has(status) ? 'success' : 'refusal';
