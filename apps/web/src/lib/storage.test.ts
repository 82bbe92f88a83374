// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { getBackendLocale, storeLocale } from './storage';

describe('the language the API is told', () => {
  afterEach(() => localStorage.clear());

  it('is the full tag tr-TR or en-GB, as the spec names it', () => {
    storeLocale('tr');
    expect(getBackendLocale()).toBe('tr-TR');
    storeLocale('en');
    expect(getBackendLocale()).toBe('en-GB');
  });

  it('turns a short BELOCALE kept from before into its full tag', () => {
    localStorage.setItem('BELOCALE', 'tr');
    expect(getBackendLocale()).toBe('tr-TR');
    localStorage.setItem('BELOCALE', 'tr-TR');
    expect(getBackendLocale()).toBe('tr-TR');
  });
});
