import type { CloseCause } from '@voltline/contract';

/**
 * Why a charger's socket closed, in a form the portal can put into words in either language.
 *
 * A disconnection is stored as the close frame's code and reason (`1000 Charger closing`), or as
 * Voltline's own words when Voltline closed it. The reason text is the charger's own, in any
 * language, so it is kept as sent (`closeReason`) and never shown as the explanation itself.
 */
export const CLOSE_REASONS = {
  archived: 'Charge point archived',
  replaced: 'Replaced by a new connection',
  serverStopped: 'server shutting down',
  serverRestarted: 'server restart',
  nodeLost: 'Voltline process lost',
} as const satisfies Partial<Record<CloseCause, string>>;

export interface CloseDescription {
  closeCode: number | null;
  closeCause: CloseCause | null;
  closeReason: string | null;
}

const OURS = new Map<string, CloseCause>(
  Object.entries(CLOSE_REASONS).map(([cause, reason]) => [reason.toLowerCase(), cause as CloseCause]),
);

/** A connection, not a disconnection: nothing closed. */
export const NO_CLOSE: CloseDescription = { closeCode: null, closeCause: null, closeReason: null };

export function describeClose(detail: string | null): CloseDescription {
  const text = detail?.trim() ?? '';
  if (!text) return NO_CLOSE;
  const match = /^(\d{3,4})(?:\s+([\s\S]*))?$/.exec(text);
  const closeCode = match ? Number(match[1]) : null;
  const reason = (match ? (match[2] ?? '') : text).trim() || null;
  const ours = reason ? OURS.get(reason.toLowerCase()) : undefined;
  if (ours) return { closeCode, closeCause: ours, closeReason: null };
  return { closeCode, closeCause: causeOfCode(closeCode), closeReason: reason };
}

/** RFC 6455 §7.4.1: 1000 and 1001 are an orderly close, 1005 and 1006 no close frame at all. */
function causeOfCode(code: number | null): CloseCause | null {
  if (code === null) return null;
  if (code === 1000 || code === 1001) return 'chargerClosed';
  if (code === 1005 || code === 1006) return 'connectionLost';
  return 'error';
}
