import { refuse } from './provider.js';

/**
 * Minor units ↔ the decimal strings iyzico's API speaks, by string arithmetic only: no amount
 * passes through a float, so 10 + 20 minor units are "0.30" and never 0.30000000000000004.
 * Every currency iyzico takes (TRY, EUR, USD, GBP, CHF, NOK, RUB, IRR) is counted in hundredths.
 */
export function toDecimal(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw refuse('bad_request', `not an amount: ${minor}`);
  const digits = String(minor).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * "19.99", "20.0", "20" or a JSON number (iyzico answers prices as numbers, e.g. 19.99) → 1999.
 * A number's shortest decimal form is read as text, so 19.99 stays 1999, not 1998.9999.
 */
export function toMinor(value: string | number): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = /^(\d+)(?:\.(\d{1,2})0*)?$/.exec(text);
  if (!m) throw refuse('bad_request', `not an amount in hundredths: ${text}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
