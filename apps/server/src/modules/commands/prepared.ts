import type { Tx } from '../../db/client.js';

export type Payload = Record<string, unknown>;

/** What one command sends, what its audit line says of it, and what follows the charger's answer. */
export interface Prepared {
  payload: Payload;
  /** The request as the audit line records it (no secret). */
  logged: Payload;
  /** Runs in the audit line's transaction once the charger answered. */
  after?: (tx: Tx, answer: Payload) => Promise<void>;
  /** Undoes what was written before the call when it failed (the gateway's error). */
  failed?: (tx: Tx, err: unknown) => Promise<void>;
  /** Voltline's own figures added to the charger's answer. */
  extra?: Payload;
}
