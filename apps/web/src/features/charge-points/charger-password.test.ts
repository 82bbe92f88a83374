import { describe, expect, it } from 'vitest';
import { ChargerPassword } from '@voltline/contract';
import { chargerPasswordProblem, isAuthorizationKey } from './charger-password';

const hex = (s: string) => Buffer.from(s, 'ascii').toString('hex');

describe("the charger's password, checked in the form", () => {
  const cases = [
    'Abcdef0123456789',
    'Abcdef0123456789!#$%',
    'Abcdef012345678',
    'Abcdef0123456789!#$%^',
    'Abcdef01 23456789',
    'Şifre0123456789ab',
    'tab\there-0123456789',
    '',
  ];

  it.each(cases)('agrees with the contract on %j', (value) => {
    expect(chargerPasswordProblem(value) === undefined).toBe(ChargerPassword.safeParse(value).success);
  });

  it('says which rule a password breaks', () => {
    expect(chargerPasswordProblem('short')).toBe('length');
    expect(chargerPasswordProblem('with a space 0123')).toBe('characters');
    expect(chargerPasswordProblem('Abcdef0123456789')).toBeUndefined();
  });
});

describe('the AuthorizationKey value', () => {
  it('takes the new password as typed or hex-encoded', () => {
    expect(isAuthorizationKey('Abcdef0123456789')).toBe(true);
    expect(isAuthorizationKey(hex('Abcdef0123456789'))).toBe(true);
    expect(isAuthorizationKey(hex('Abcdef0123456789').toUpperCase())).toBe(true);
  });

  it('refuses what is neither, including hex of a password that breaks the rules', () => {
    expect(isAuthorizationKey('too-short')).toBe(false);
    expect(isAuthorizationKey(hex('short'))).toBe(false);
    expect(isAuthorizationKey(hex('has a space 01234'))).toBe(false);
    expect(isAuthorizationKey(`${hex('Abcdef0123456789')}0`)).toBe(false);
  });
});
