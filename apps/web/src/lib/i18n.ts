import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '@voltline/contract';
import { fallBackToBundledEnglish } from './i18n-fallback';

export const NAMESPACES = [
  'common',
  'dashboards',
  'auth',
  'users',
  'drivers',
  'operators',
  'tariffs',
  'bookings',
  'sessions',
  'payments',
  'chargePoints',
  'ocppLogs',
  'auditLogs',
  'diagnostics',
  'maintenance',
  'firmware',
  'security',
  'smartCharging',
  'apiKeys',
  'webhooks',
  'alerts',
  'roaming',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Spec §7/§9: /locales/{lng}/{ns}.json, 5 retries from 350 ms doubling, at most 10 parallel reads. */
export async function initI18n(lng: Locale): Promise<typeof i18n> {
  fallBackToBundledEnglish(i18n);
  await i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: 'en',
      supportedLngs: [...LOCALES],
      ns: ['common'],
      defaultNS: 'common',
      load: 'languageOnly',
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      interpolation: { escapeValue: false },
      // Screens draw again when the bundled English arrives for a catalogue that failed to load.
      react: { useSuspense: true, bindI18nStore: 'added' },
    });
  syncDocument(lng);
  return i18n;
}

export async function changeLanguage(lng: Locale): Promise<void> {
  await i18n.changeLanguage(lng);
  syncDocument(lng);
}

function syncDocument(lng: Locale): void {
  document.documentElement.lang = lng;
}

export { i18n };
