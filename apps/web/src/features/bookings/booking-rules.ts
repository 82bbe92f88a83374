import {
  BOOKING_MAX_HOURS,
  BOOKING_MIN_MINUTES,
  BOOKING_STATES,
  type BookingState,
  type ChargePoint,
  type RfidCard,
} from '@voltline/contract';
import type { BookingFilter } from './api/keys';

/**
 * What is wrong with an expiry, by the server's own rule (at least BOOKING_MIN_MINUTES and at most
 * BOOKING_MAX_HOURS ahead), so the form says it before sending; null when it is fine.
 */
export function expiryProblem(expiresAt: Date, now: Date): 'past' | 'tooSoon' | 'tooFar' | null {
  const ahead = expiresAt.getTime() - now.getTime();
  if (ahead <= 0) return 'past';
  if (ahead < BOOKING_MIN_MINUTES * 60_000) return 'tooSoon';
  if (ahead > BOOKING_MAX_HOURS * 3_600_000) return 'tooFar';
  return null;
}

/** The expiry the form offers first: half an hour ahead, to the minute. */
export function defaultExpiry(now: Date): Date {
  const d = new Date(now.getTime() + 30 * 60_000);
  d.setSeconds(0, 0);
  return d;
}

/** Cards that may book: not archived, not blocked, not past their expiry. */
export function usableCards(cards: readonly RfidCard[]): RfidCard[] {
  return cards.filter((c) => !c.archived && c.status === 'active' && !c.expired);
}

/** "Any connector" (0) first, then the charge point's connectors that are not archived. */
export function connectorChoices(
  connectors: readonly Pick<ChargePoint['connectors'][number], 'connectorId' | 'archived'>[],
) {
  return [
    0,
    ...connectors
      .filter((c) => !c.archived)
      .map((c) => c.connectorId)
      .sort((a, b) => a - b),
  ];
}

/**
 * The connector a new booking starts on: the first Available one, else the first that is not
 * archived. Never "any" (0): most chargers refuse it (ReserveConnectorZeroSupported is off).
 */
export function defaultConnector(
  connectors: readonly Pick<ChargePoint['connectors'][number], 'connectorId' | 'archived' | 'status'>[],
): number | undefined {
  const open = connectors.filter((c) => !c.archived).sort((a, b) => a.connectorId - b.connectorId);
  return (open.find((c) => c.status === 'Available') ?? open[0])?.connectorId;
}

/** Only a holding booking can be cancelled. */
export const cancellable = (state: BookingState) => state === 'active';

const positive = (v: string | null) => {
  const n = Number.parseInt(v ?? '', 10);
  return n > 0 ? n : undefined;
};
const isoDate = (v: string | null) => (v && !Number.isNaN(Date.parse(v)) ? v : undefined);
const KEYS = ['state', 'chargePointId', 'driverId', 'operatorId', 'from', 'to'] as const;

/** The list's page and filters live in the address, so a reload or a shared link keeps them. */
export function filterFromParams(params: URLSearchParams): { index: number; filter: BookingFilter } {
  const index = Math.max(0, Number.parseInt(params.get('index') ?? '0', 10) || 0);
  const cp = params.get('chargePointId')?.trim();
  const candidates: BookingFilter = {
    state: BOOKING_STATES.find((s) => s === params.get('state')),
    chargePointId: cp ? cp.slice(0, 48) : undefined,
    driverId: positive(params.get('driverId')),
    operatorId: positive(params.get('operatorId')),
    from: isoDate(params.get('from')),
    to: isoDate(params.get('to')),
  };
  const filter: BookingFilter = {};
  for (const key of KEYS)
    if (candidates[key] !== undefined) Object.assign(filter, { [key]: candidates[key] });
  return { index, filter };
}

export function filterToParams({ filter, index }: { filter: BookingFilter; index: number }) {
  const params = new URLSearchParams();
  if (index > 0) params.set('index', String(index));
  for (const key of KEYS) {
    const value = filter[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}
