import { initReactI18next } from 'react-i18next';
import { i18n } from '../lib/i18n';

/** The portal's English catalogues, for screens drawn in jsdom. */
const CATALOGS = import.meta.glob<Record<string, unknown>>('../../public/locales/en/*.json', {
  eager: true,
  import: 'default',
});

/**
 * What a screen drawn in jsdom needs that jsdom lacks (matchMedia, ResizeObserver, for Ant
 * Design), and the portal's i18n with the named English namespaces. Call in `beforeAll`.
 */
export async function prepareJsdom(namespaces: string[]) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  const en = Object.fromEntries(
    ['common', ...namespaces].map((ns) => [ns, CATALOGS[`../../public/locales/en/${ns}.json`] ?? {}]),
  );
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}
