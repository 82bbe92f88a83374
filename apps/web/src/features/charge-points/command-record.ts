import type { CommandOutcome, CommandRecord } from '@voltline/contract';

/** Tag colours of the outcomes: in progress, done, refused by the protocol, and the ways it got lost. */
export const OUTCOME_COLORS: Record<CommandOutcome, string> = {
  sent: 'processing',
  answered: 'success',
  callError: 'error',
  timedOut: 'warning',
  offline: 'default',
  lost: 'volcano',
};

const MAX_VALUE_CHARS = 40;

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

/**
 * The request in one line, `type=Soft connectorId=1`: the charge point's own id is left out (it
 * is the page's), long or nested values are cut short; the whole request is in the expanded row.
 */
export function requestSummary(request: CommandRecord['request']): string {
  return Object.entries(request)
    .filter(([key, value]) => key !== 'chargePointId' && value !== undefined)
    .map(([key, value]) => `${key}=${show(value)}`)
    .join(' ');
}
