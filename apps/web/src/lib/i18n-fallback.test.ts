import { createInstance, type BackendModule } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { fallBackToBundledEnglish, loadBundledEnglish } from './i18n-fallback';

/** A translation server that cannot be reached. */
const unreachable: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (_lng, _ns, callback) => callback(new Error('offline'), false),
};

describe('translations that fail to load', () => {
  it('fall back to the bundled English instead of showing keys', async () => {
    const i18n = createInstance();
    fallBackToBundledEnglish(i18n);
    await i18n.use(unreachable).init({ lng: 'tr', fallbackLng: 'en', ns: ['auth'], defaultNS: 'auth' });
    await vi.waitFor(() => expect(i18n.t('login.title')).toBe('Sign in'));
    expect(i18n.t('login.title', { lng: 'tr' })).toBe('Sign in');
  });

  it('keep the English the server did send', async () => {
    const i18n = createInstance();
    fallBackToBundledEnglish(i18n);
    const served: BackendModule = {
      type: 'backend',
      init: () => undefined,
      read: (lng, _ns, callback) =>
        lng === 'en'
          ? callback(null, { login: { title: 'Sign in (served)' } })
          : callback(new Error('offline'), false),
    };
    await i18n.use(served).init({ lng: 'tr', fallbackLng: 'en', ns: ['auth'], defaultNS: 'auth' });
    await vi.waitFor(() => expect(i18n.getResource('en', 'auth', 'register.title')).toBeDefined());
    expect(i18n.t('login.title')).toBe('Sign in (served)');
  });

  it('has a bundled catalogue for every namespace the portal loads', async () => {
    const { NAMESPACES } = await import('./i18n');
    for (const ns of NAMESPACES) expect(await loadBundledEnglish(ns), ns).toBeDefined();
  });
});
