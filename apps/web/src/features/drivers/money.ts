import { i18n } from '../../lib/i18n';

const formats = new Map<string, Intl.NumberFormat>();

/** Minor units (kuruş, cents) as currency with two decimals in the interface language. */
export function formatMoney(minor: number, currency: string, lng: string = i18n.language): string {
  const key = `${lng}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lng, {
      style: 'currency',
      currencyDisplay: 'narrowSymbol',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formats.set(key, format);
  }
  return format.format(minor / 100);
}

/** A major-unit amount typed by a person (12.5) as minor units (1250), without float drift. */
export function toMinor(major: number): number {
  return Math.round(major * 100);
}
