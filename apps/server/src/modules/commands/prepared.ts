import type { Tx } from '../../db/client.js';

export type Payload = Record<string, unknown>;

/** What one command sends, what its audit line says of it, and what follows the charger's answer. */
export interface Prepared {
  payload: Payload;
  /**
   * When the command takes several messages (a local list in parts): each in turn, stopping at the
   * first the charger does not accept. `payload` is then the first of them.
   */
  parts?: Payload[];
  /** The request as the audit line records it (no secret). */
  logged: Payload;
  /**
   * Runs in the audit line's transaction once the charger answered (its last answer); `accepted`:
   * how many messages it accepted before it (all of them for a command of one message).
   */
  after?: (tx: Tx, answer: Payload, accepted?: number) => Promise<void>;
  /** Undoes what was written before the call when it failed (the gateway's error). */
  failed?: (tx: Tx, err: unknown, accepted?: number) => Promise<void>;
  /** Voltline's own figures added to the charger's answer. */
  extra?: Payload;
}
