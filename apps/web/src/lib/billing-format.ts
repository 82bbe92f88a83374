import { i18n } from './i18n';

// Money travels in minor units (kuruş, cents) and energy in Wh; these turn them into what an
// operator reads, in the interface language. Formatters are cached: tables call them per cell.
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

/** 85050 TRY → "₺850.50" (en) or "₺850,50" (tr); always two decimals. */
export function formatMoney(minor: number, currency: string, lng: string = i18n.language): string {
  return numberFormat(lng, `money:${currency}`, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);
}

/** Major units typed into a form (8.5) → minor units sent to the API (850). */
export function toMinor(major: number): number {
  // 8.51 * 100 is 850.999…; rounding to the nearest unit undoes the binary fraction.
  return Math.round(major * 100);
}

/** Minor units from the API (850) → major units shown in a form (8.5). */
export function toMajor(minor: number): number {
  return minor / 100;
}

/** 12345 Wh → "12.35 kWh" (en) or "12,35 kWh" (tr). */
export function formatKwh(wh: number, lng: string = i18n.language): string {
  const value = numberFormat(lng, 'kwh', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    wh / 1000,
  );
  return `${value} kWh`;
}

/** 7400 W → "7.4 kW". */
export function formatKw(w: number, lng: string = i18n.language): string {
  return `${numberFormat(lng, 'kw', { maximumFractionDigits: 1 }).format(w / 1000)} kW`;
}

/** A price per kWh: 850 TRY → "₺8.50/kWh". */
export function formatPricePerKwh(minor: number, currency: string, lng: string = i18n.language): string {
  return `${formatMoney(minor, currency, lng)}/kWh`;
}

/** Seconds → "1:05:09" (hours:minutes:seconds), the same in every language. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

/** "₺" for TRY, "€" for EUR: the sign shown beside money inputs. */
export function currencySymbol(currency: string, lng: string = i18n.language): string {
  const parts = numberFormat(lng, `money:${currency}`, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? currency;
}

/** The decimal separator of the language, so money inputs accept "8,50" in Turkish. */
export function decimalSeparator(lng: string = i18n.language): string {
  return (
    numberFormat(lng, 'plain', {})
      .formatToParts(1.5)
      .find((p) => p.type === 'decimal')?.value ?? '.'
  );
}
