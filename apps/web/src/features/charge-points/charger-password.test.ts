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

  it('takes a random binary key of 16 to 20 bytes in its hex form', () => {
    expect(isAuthorizationKey('00FF7F0A1B2C3D4E5F60718293A4B5C6D7E8F901')).toBe(true);
    expect(isAuthorizationKey(hex('has a space 01234'))).toBe(true);
    expect(isAuthorizationKey('00FF7F0A1B2C3D4E5F60718293A4B5C6D7E8F90102')).toBe(false);
  });

  it('refuses what is neither', () => {
    expect(isAuthorizationKey('too-short')).toBe(false);
    expect(isAuthorizationKey(hex('short'))).toBe(false);
    expect(isAuthorizationKey(`${hex('Abcdef0123456789')}0`)).toBe(false);
  });
});
