import type { i18n as I18n } from 'i18next';

type Catalog = Record<string, unknown>;

// The English catalogues, built into the portal as chunks of their own: loaded only when the
// served /locales files cannot be (a proxy, an offline cache, a broken deploy).
const BUNDLED = import.meta.glob<Catalog>('../../public/locales/en/*.json', { import: 'default' });

export function loadBundledEnglish(ns: string): Promise<Catalog | undefined> {
  const load = BUNDLED[`../../public/locales/en/${ns}.json`];
  return load ? load() : Promise.resolve(undefined);
}

/**
 * When a namespace fails to load in any language, the bundled English fills in, so a screen shows
 * "Sign in" rather than its key "login.title". What English did load from the server is kept.
 */
export function fallBackToBundledEnglish(i18n: I18n, load = loadBundledEnglish): void {
  i18n.on('failedLoading', (_lng: string, ns: string) => {
    void load(ns).then((catalog) => {
      if (catalog) i18n.addResourceBundle('en', ns, catalog, true, false);
    });
  });
}
