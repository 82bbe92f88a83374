import { LOCALES, STORAGE_KEYS, type Locale } from '@voltline/contract';

/** localStorage access that survives private modes and disabled storage. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or blocked; the app keeps working for this tab.
  }
}

export const getToken = (): string | null => readStorage(STORAGE_KEYS.token);
export const setToken = (token: string | null): void => writeStorage(STORAGE_KEYS.token, token);

export function toLocale(value: string | null | undefined): Locale | null {
  const short = value?.slice(0, 2).toLowerCase();
  return (LOCALES as readonly string[]).includes(short ?? '') ? (short as Locale) : null;
}

export const getStoredLocale = (): Locale | null => toLocale(readStorage(STORAGE_KEYS.frontendLocale));

/** FELOCALE drives the interface, BELOCALE the Accept-Language the API answers in. */
export function storeLocale(locale: Locale): void {
  writeStorage(STORAGE_KEYS.frontendLocale, locale);
  writeStorage(STORAGE_KEYS.backendLocale, locale);
}

/** The full language tags the API is told (spec: header language tr-TR); the server reads both forms. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-GB', tr: 'tr-TR' };

/** The Accept-Language the API gets: BELOCALE (kept short, as `tr`) as its full tag. */
export const getBackendLocale = (): string =>
  LOCALE_TAGS[toLocale(readStorage(STORAGE_KEYS.backendLocale)) ?? getStoredLocale() ?? 'en'];
