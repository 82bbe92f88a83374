import {
  ROAMING_ALLOWED,
  ROAMING_AUTHORIZATION_SOURCES,
  ROAMING_VERDICTS,
  type RoamingAuthorization,
} from '@voltline/contract';

/**
 * The colour of what the charger was told: green for a start allowed, red for a card refused
 * outright (blocked, invalid, unknown), orange for one refused for now (expired, no credit, in use).
 */
export function verdictColor(verdict: RoamingAuthorization['verdict']): 'green' | 'red' | 'orange' {
  if (verdict === 'Accepted') return 'green';
  if (verdict === 'Expired' || verdict === 'NoCredit' || verdict === 'ConcurrentTx') return 'orange';
  return 'red';
}

const KNOWN: Record<'source' | 'allowed' | 'verdict', readonly string[]> = {
  source: ROAMING_AUTHORIZATION_SOURCES,
  allowed: ROAMING_ALLOWED,
  verdict: ROAMING_VERDICTS,
};

/** i18n key of a code, or null for a code the portal has no words for (then shown as it is). */
export function knownKey(group: 'source' | 'allowed' | 'verdict', code: string): string | null {
  return KNOWN[group].includes(code) ? `authorizations.${group}.${code}` : null;
}
