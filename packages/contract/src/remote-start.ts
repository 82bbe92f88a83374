import { z } from 'zod';

/**
 * What became of a remote start the charger accepted (issue #34): an Accepted answer only says the
 * charger will try. `waiting` until a session starts, the card is refused, or the time-out passes.
 * `notAccepted`: the charger did not accept the command itself (its answer says why).
 */
export const REMOTE_START_OUTCOMES = ['waiting', 'started', 'refused', 'timedOut', 'notAccepted'] as const;
export type RemoteStartOutcomeKind = (typeof REMOTE_START_OUTCOMES)[number];

export const RemoteStartOutcome = z.object({
  commandId: z.number().int(),
  outcome: z.enum(REMOTE_START_OUTCOMES),
  /** The session that started (or that the charger started on a refused card). */
  sessionId: z.number().int().nullable(),
  /** Why it was refused: Voltline's verdict on the card (ConcurrentTx, Blocked, Invalid...), or the command's answer. */
  reason: z.string().nullable(),
  /** How long Voltline waits for the charger to start before it says it did not. */
  timeoutSeconds: z.number().int(),
  /** The outcome in the user's language. */
  message: z.string(),
});
export type RemoteStartOutcome = z.infer<typeof RemoteStartOutcome>;
