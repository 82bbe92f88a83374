// Plain constants, free of zod, so the portal's first screen can import them without the
// schema library (the sign-in page's initial JavaScript has a size budget).

/** Spec §9: every dynamic list pages by 10. */
export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const STORAGE_KEYS = {
  token: 'auth_token',
  frontendLocale: 'FELOCALE',
  backendLocale: 'BELOCALE',
  theme: 'voltline_theme',
} as const;

export const LOCALES = ['en', 'tr'] as const;
export type Locale = (typeof LOCALES)[number];
