import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/tr';
import { i18n } from './i18n';

// Dates and numbers follow the interface language. Kept out of the entry chunk: only screens
// that show data import it, and it keeps dayjs's global locale (used by antd pickers) in step.
// Formats are spelled out (dateFormat below), never dayjs's localized tokens such as "L": those
// need a plugin that antd's pickers do not load, and showed as the bare letter.
dayjs.locale(i18n.language);
i18n.on('languageChanged', (lng: string) => {
  dayjs.locale(lng);
});

const numberFormats = new Map<string, Intl.NumberFormat>();
export function formatNumber(value: number, lng: string = i18n.language): string {
  let format = numberFormats.get(lng);
  if (!format) {
    format = new Intl.NumberFormat(lng);
    numberFormats.set(lng, format);
  }
  return format.format(value);
}

/**
 * One date and time style per language, used by every screen and date picker. Both languages use
 * the 24-hour clock: the networks run in Türkiye, where a 12-hour "AM/PM" reads as foreign even in
 * English. English writes the month as a word so that 04 Mar is never read as 3 April.
 */
const DATE_PATTERNS: Partial<Record<string, string>> = { en: 'DD MMM YYYY', tr: 'DD.MM.YYYY' };

export type DateStyle = 'date' | 'dateTime' | 'dateTimeSeconds' | 'dateTimeMillis' | 'time' | 'timeSeconds';

/** The dayjs pattern of a style in a language (also what antd's pickers take as `format`). */
export function dateFormat(style: DateStyle, lng: string = i18n.language): string {
  const date = DATE_PATTERNS[lng.slice(0, 2)] ?? 'DD MMM YYYY';
  switch (style) {
    case 'date':
      return date;
    case 'dateTime':
      return `${date} HH:mm`;
    case 'dateTimeSeconds':
      return `${date} HH:mm:ss`;
    case 'dateTimeMillis':
      return `${date} HH:mm:ss.SSS`;
    case 'time':
      return 'HH:mm';
    case 'timeSeconds':
      return 'HH:mm:ss';
  }
}

type DateInput = string | number | Date | Dayjs | null | undefined;

/** A date (and time) as the interface language writes it; '' for none. */
export function formatDate(value: DateInput, style: DateStyle = 'date', lng: string = i18n.language): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.locale(lng.slice(0, 2)).format(dateFormat(style, lng)) : '';
}

/** "04 Mar 2025 10:05" (en), "04.03.2025 10:05" (tr). */
export function formatDateTime(value: DateInput, lng: string = i18n.language): string {
  return formatDate(value, 'dateTime', lng);
}

const countryNames = new Map<string, Intl.DisplayNames>();
/** "TR" → "Türkiye" (en) or "Türkiye" (tr), "DE" → "Germany" / "Almanya"; unknown codes as given. */
export function countryName(code: string | null | undefined, lng: string = i18n.language): string {
  if (!code) return '';
  let names = countryNames.get(lng);
  if (!names) {
    names = new Intl.DisplayNames([lng], { type: 'region', fallback: 'code' });
    countryNames.set(lng, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    // Not a well-formed region code ("T1"): show what was stored.
    return code;
  }
}
