import { i18n } from '../../../lib/i18n';

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(lng: string, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${lng}|${key}`;
  let format = cache.get(id);
  if (!format) {
    format = new Intl.NumberFormat(lng, options);
    cache.set(id, format);
  }
  return format;
}

/** Energy in kWh with one decimal: 12345 Wh → "12.3" (en), "12,3" (tr). */
export function kwh(wh: number, lng: string = i18n.language): string {
  return numberFormat(lng, 'kwh', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(wh / 1000);
}

/** A 0..1 share as a percentage: 0.1234 → "12.3%" (en), "%12,3" (tr). */
export function percent(share: number, lng: string = i18n.language): string {
  return numberFormat(lng, 'percent', { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/** A relative change without its sign (the arrow shows the direction): -0.25 → "25%". */
export function changePercent(ratio: number, lng: string = i18n.language): string {
  return percent(Math.abs(ratio), lng);
}
