import type { CommandResult, CommandResultType } from './command-bodies.js';
import { say } from './command-bodies.js';

type Payload = Record<string, unknown>;

/** How a charger command went (CommandsService.sendRecorded's outcome). */
export type Sent =
  | { ok: true; answer: Payload }
  | { ok: false; outcome: 'callError' | 'timedOut' | 'offline'; error: string | null };

/** The charger's own words beside its status, where its version has some (2.0.1 statusInfo). */
function wordsOf(answer: Payload): string {
  const info = answer.statusInfo as { reasonCode?: unknown; additionalInfo?: unknown } | undefined;
  const parts = [info?.reasonCode, info?.additionalInfo].filter((p) => typeof p === 'string' && p);
  return parts.length ? ` (${parts.join(': ')})` : '';
}

/** OCPP answers (the gateway's 1.6 language) that are not a plain Accepted, as CommandResultType. */
const STATUS_RESULTS: Record<string, CommandResultType> = {
  Accepted: 'ACCEPTED',
  Unlocked: 'ACCEPTED',
  Rejected: 'REJECTED',
  Occupied: 'EVSE_OCCUPIED',
  Faulted: 'EVSE_INOPERATIVE',
  Unavailable: 'EVSE_INOPERATIVE',
  UnlockFailed: 'FAILED',
  NotSupported: 'NOT_SUPPORTED',
};

/**
 * The CommandResult of a charger command: its answer's status (Accepted, Rejected, ...) with the
 * charger's words, or why there is no answer (time-out, offline, a CALLERROR).
 */
export function resultOf(sent: Sent, action: string): CommandResult {
  if (!sent.ok) {
    if (sent.outcome === 'timedOut')
      return { result: 'TIMEOUT', message: say(`The charger did not answer ${action} in time`) };
    if (sent.outcome === 'offline') return { result: 'FAILED', message: say('The charger is offline') };
    if (sent.error === 'ocpp.notSupported')
      return { result: 'NOT_SUPPORTED', message: say(`The charger's OCPP version has no ${action}`) };
    return { result: 'FAILED', message: say(`The charger refused ${action}: ${sent.error ?? 'error'}`) };
  }
  const status = typeof sent.answer.status === 'string' ? sent.answer.status : 'no status';
  const result = STATUS_RESULTS[status] ?? 'FAILED';
  if (result === 'ACCEPTED') return { result };
  return { result, message: say(`The charger answered ${action} with ${status}${wordsOf(sent.answer)}`) };
}
