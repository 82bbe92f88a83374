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
 * A value for the AuthorizationKey configuration key: the password itself, or the hexadecimal
 * form OCPP's security edition uses, 16 to 20 bytes of any value (32 to 40 hex digits), which is
 * how a random binary key is written.
 */
export function isAuthorizationKey(value: string): boolean {
  if (chargerPasswordProblem(value) === undefined) return true;
  return /^(?:[0-9a-fA-F]{2}){16,20}$/.test(value);
}
