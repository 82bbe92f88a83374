import type { Session } from '@voltline/contract';

/**
 * A session the charger has not ended: one charging, or a refused one the charger kept going (no
 * stop yet). It is followed live, and staff may close it when the charger will never end it;
 * anything stopped already has its final reading.
 */
export function isOpen(s: Pick<Session, 'state' | 'stoppedAt'>): boolean {
  return s.state === 'active' || (s.state === 'refused' && s.stoppedAt === null);
}

/** Why a session shows no cost (a key of the `sessions` namespace). */
export function costNote(s: Pick<Session, 'state' | 'tariff'>) {
  if (s.state === 'refused') return 'fields.notBilled' as const;
  if (s.state === 'review') return 'fields.heldForReview' as const;
  return s.tariff ? ('fields.costPending' as const) : ('fields.noTariff' as const);
}
