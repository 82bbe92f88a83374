import type { Locale as AntLocale } from 'antd/es/locale';
import type { Locale } from '@voltline/contract';

/**
 * Ant Design's own texts per language. English is antd's built-in default; Turkish is fetched
 * only by those who use it.
 */
const loaders: Record<Locale, () => Promise<AntLocale | undefined>> = {
  en: () => Promise.resolve(undefined),
  tr: () => import('antd/es/locale/tr_TR').then((m) => m.default),
};

export const loadAntLocale = (locale: Locale): Promise<AntLocale | undefined> => loaders[locale]();
