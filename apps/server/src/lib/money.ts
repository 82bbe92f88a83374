import type { Locale } from '@voltline/contract';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * Minor units as the portal shows them, in the caller's language: 4000 TRY → "₺40.00" (en) or
 * "₺40,00" (tr). Server notices and the portal's screens use the same form.
 */
export function formatMoney(locale: Locale, minor: number, currency: string): string {
  const id = `${locale}|${currency}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formats.set(id, format);
  }
  return format.format(minor / 100);
}
