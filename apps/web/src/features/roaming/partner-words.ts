import { isAxiosError } from 'axios';
import type { ErrorBody, Permission, RoamingPartner, RoamingPartnerState } from '@voltline/contract';

/** Tag colours of a partner's state: only a working partnership is green. */
export const STATE_COLORS: Record<RoamingPartnerState, string> = {
  invited: 'processing',
  registered: 'success',
  unregistered: 'default',
};

/** "TR-ABC", or null while the partner has not told its party (invited, not registered yet). */
export function partyOf(p: Pick<RoamingPartner, 'countryCode' | 'partyId'>): string | null {
  return p.countryCode && p.partyId ? `${p.countryCode}-${p.partyId}` : null;
}

/**
 * A partner whose latest exchange failed: its newest error is later than its last success. An
 * error followed by a success is history, shown on the partner's page but not warned about.
 */
export function failingNow(p: Pick<RoamingPartner, 'lastErrors' | 'lastSuccessAt' | 'state'>): boolean {
  if (p.state === 'unregistered') return false;
  const newest = p.lastErrors.reduce<number>((at, e) => Math.max(at, Date.parse(e.at) || 0), 0);
  if (newest === 0) return false;
  return p.lastSuccessAt === null || newest > Date.parse(p.lastSuccessAt);
}

/** What the signed-in user may do here: write actions are not offered without `roaming:write`. */
export function roamingActions(held: ReadonlySet<Permission>) {
  const write = held.has('roaming:write');
  return { invite: write, register: write, edit: write, refresh: write, unregister: write };
}

/** Which actions a partner's state allows: refresh needs exchanged tokens, nothing follows an end. */
export function partnerActions(state: RoamingPartnerState) {
  return {
    refresh: state === 'registered',
    unregister: state !== 'unregistered',
    edit: state !== 'unregistered',
  };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "5 minutes ago" / "5 dakika önce": the largest whole unit, in the interface language. */
export function relativeTime(at: string, now: number, lng: string): string {
  const seconds = Math.round((Date.parse(at) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(lng, { numeric: 'auto' });
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size || unit === 'second')
      return format.format(Math.trunc(seconds / size), unit);
  return format.format(0, 'second');
}

/** The server's words for a refusal (partner unreachable, credentials refused...), if it sent any. */
export function serverMessage(error: unknown): string | null {
  if (!isAxiosError<ErrorBody>(error)) return null;
  const text = error.response?.data?.error;
  return typeof text === 'string' && text.length > 0 ? text : null;
}

/** Operators listed for publication: a partner sees each one's network with its sub-operators'. */
export function operatorNames(p: Pick<RoamingPartner, 'publishedOperators'>): string[] {
  return p.publishedOperators.map((o) => o.name);
}

/** An http(s) address as the server takes it (the contract's `z.url` with http or https). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
