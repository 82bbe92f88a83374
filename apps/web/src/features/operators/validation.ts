import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isValidIban, isValidTckn, isValidVkn } from '@voltline/contract';

/** The contract's TaxId: a 10-digit VKN or an 11-digit TCKN, check digits included. */
export function isValidTaxId(value: string): boolean {
  const v = value.trim();
  return v.length === 11 ? isValidTckn(v) : isValidVkn(v);
}

const check =
  (valid: (v: string) => boolean, message: string): FormRule =>
  () => ({
    validator: (_, value: unknown) =>
      typeof value !== 'string' || value.trim() === '' || valid(value)
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  });

export const taxIdRules = (t: TFunction<'operators'>): FormRule[] => [
  { required: true },
  check(isValidTaxId, t('validation.taxId')),
];

export const ibanRules = (t: TFunction<'operators'>): FormRule[] => [
  { required: true },
  check(isValidIban, t('validation.iban')),
];

/** Groups an IBAN in fours as people read it; the server strips the spaces again. */
export function formatIban(value: string): string {
  return value
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}
