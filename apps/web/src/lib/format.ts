import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/tr';
import { i18n } from './i18n';

// Dates and numbers follow the interface language. Kept out of the entry chunk: only screens
// that show data import it, and it keeps dayjs's global locale (used by antd pickers) in step.
dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);
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

export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('L LT') : '';
}
