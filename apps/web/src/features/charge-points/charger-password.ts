import { CHARGER_PASSWORD_MAX, CHARGER_PASSWORD_MIN } from '@voltline/contract';

// The contract's ChargerPassword rules, without pulling zod into the screen's chunk.
const PRINTABLE = /^[\x21-\x7e]*$/;

/** What is wrong with a charger's Basic-auth password, if anything. */
export function chargerPasswordProblem(value: string): 'characters' | 'length' | undefined {
  if (!PRINTABLE.test(value)) return 'characters';
  if (value.length < CHARGER_PASSWORD_MIN || value.length > CHARGER_PASSWORD_MAX) return 'length';
  return undefined;
}

/**
 * A value for the AuthorizationKey configuration key: the password itself, or the hex form OCPP
 * sends (two digits per character), which the server also accepts.
 */
export function isAuthorizationKey(value: string): boolean {
  if (chargerPasswordProblem(value) === undefined) return true;
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(value)) return false;
  const bytes = value.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? [];
  return chargerPasswordProblem(String.fromCharCode(...bytes)) === undefined;
}
