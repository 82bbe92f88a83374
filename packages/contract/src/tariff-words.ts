import type { Locale } from './common.js';
import type {
  PriceComponent,
  PriceComponentType,
  TariffComponents,
  TariffRestrictions,
} from './tariff-components.js';

/** AFIR Art. 5(3): per kWh, per minute, per session; parking (idle) fees after them. */
const AFIR_ORDER: PriceComponentType[] = ['ENERGY', 'TIME', 'FLAT', 'PARKING_TIME'];

const WORDS = {
  en: {
    free: 'Free of charge',
    ENERGY: '{p} per kWh',
    TIME: '{p} per minute of charging',
    FLAT: '{p} per session',
    PARKING_TIME: 'parking {p} per minute after charging',
    grace: 'the first {n} min free',
    step: 'billed per {n} {unit}',
    wh: 'Wh',
    s: 's',
    net: '{p} excl. VAT',
    vatIncl: 'incl. {r}% VAT',
    vatExcl: 'plus {r}% VAT: {p}',
    time: '{a}–{b}',
    from: 'from {d}',
    until: 'until {d}',
    minKwh: 'from {n} kWh',
    maxKwh: 'up to {n} kWh',
    minKw: 'at {n} kW or more',
    maxKw: 'below {n} kW',
    minDur: 'after {n} min',
    maxDur: 'in the first {n} min',
    days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  },
  tr: {
    free: 'Ücretsiz',
    ENERGY: 'kWh başına {p}',
    TIME: 'şarj dakikası başına {p}',
    FLAT: 'oturum başına {p}',
    PARKING_TIME: 'şarj bittikten sonra park dakikası başına {p}',
    grace: 'ilk {n} dk ücretsiz',
    step: '{n} {unit} adımlarla',
    wh: 'Wh',
    s: 'sn',
    net: 'KDV hariç {p}',
    vatIncl: '%{r} KDV dahil',
    vatExcl: '%{r} KDV eklenir: {p}',
    time: '{a}–{b}',
    from: '{d} tarihinden',
    until: '{d} tarihine kadar',
    minKwh: '{n} kWh ve üstü',
    maxKwh: '{n} kWh’ye kadar',
    minKw: '{n} kW ve üstü',
    maxKw: '{n} kW altı',
    minDur: '{n}. dakikadan sonra',
    maxDur: 'ilk {n} dakikada',
    days: ['Pzt', 'Sal', 'Çar', 'Per', 'Cum', 'Cmt', 'Paz'],
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

const fill = (s: string, v: Record<string, string | number>) =>
  s.replace(/\{(\w+)\}/g, (_, k: string) => String(v[k] ?? ''));

/** The VAT terms a price is stated under; when given, the other side of VAT is shown too. */
export interface VatTerms {
  /** Basis points: 2000 is 20 %. */
  vatRate: number;
  pricesIncludeVat: boolean;
}

/**
 * How money is written: `sign` as the portal and the public pages write it, the currency's sign
 * before the figure in the reader's language ("₺8.50", "₺8,50"); `code` as plain text a charger's
 * display can print, the ISO code and an ASCII space ("TRY 8.50", "TRY 8,50"), for displays whose
 * font may lack a sign such as ₺.
 */
export type MoneyStyle = 'sign' | 'code';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Minor units as money in words: 850 TRY → "₺8.50" (en) or "₺8,50" (tr), the form of the portal's
 * and the server's formatMoney; up to `maxDigits` decimals for a price finer than a kuruş.
 */
export function moneyWords(
  minorUnits: number,
  currency: string,
  locale: Locale,
  style: MoneyStyle = 'sign',
  maxDigits = 2,
): string {
  const id = `${locale}|${currency}|${style}|${maxDigits}`;
  let format = moneyFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'tr' ? 'tr' : 'en', {
      style: 'currency',
      currency,
      currencyDisplay: style === 'code' ? 'code' : 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: maxDigits,
    });
    moneyFormats.set(id, format);
  }
  const text = format.format(minorUnits / 100);
  // Intl puts a no-break space between the code and the figure; a display may not print it.
  return style === 'code' ? text.replace(/[\u00a0\u202f]/g, ' ') : text;
}

/**
 * A tariff's price in words and figures, one phrase per price component in AFIR order (per kWh,
 * per minute, per session, then parking), each with when it applies. With `vat`, each phrase
 * shows the price both with and without VAT. Time prices are stored per hour and said per minute.
 * Money is written as everywhere else (`moneyWords`), or by its code for a charger's display.
 */
export function describeTariff(
  components: TariffComponents,
  currency: string,
  locale: Locale,
  vat?: VatTerms,
  style: MoneyStyle = 'sign',
): string[] {
  const w: Words = WORDS[locale === 'tr' ? 'tr' : 'en'];
  const lang = locale === 'tr' ? 'tr-TR' : 'en-GB';
  const number = (n: number, max = 3) =>
    new Intl.NumberFormat(lang, { maximumFractionDigits: max }).format(n);
  const money = (minorUnits: number) => moneyWords(minorUnits, currency, locale, style, 4);

  const phrases: string[] = [];
  for (const type of AFIR_ORDER) {
    for (const e of components.elements) {
      const c = e.priceComponents.find((p) => p.type === type);
      if (!c) continue;
      const unit = type === 'TIME' || type === 'PARKING_TIME' ? c.price / 60 : c.price;
      const extra = [...vatWords(w, unit, money, number, vat), ...componentWords(w, c, number)];
      const when = restrictionWords(w, e.restrictions, number);
      const tail = [...extra, ...when];
      phrases.push(fill(w[type], { p: money(unit) }) + (tail.length ? ` (${tail.join(', ')})` : ''));
    }
  }
  const said = phrases.length > 0 ? phrases : [w.free];
  // A display's text: the dash of a time range and the apostrophe as ASCII too.
  return style === 'code' ? said.map((p) => p.replace(/–/g, '-').replace(/’/g, "'")) : said;
}

function vatWords(
  w: Words,
  price: number,
  money: (m: number) => string,
  number: (n: number, max?: number) => string,
  vat: VatTerms | undefined,
): string[] {
  if (!vat || vat.vatRate === 0) return [];
  const r = number(vat.vatRate / 100, 2);
  if (vat.pricesIncludeVat) {
    return [fill(w.vatIncl, { r }), fill(w.net, { p: money((price * 10_000) / (10_000 + vat.vatRate)) })];
  }
  return [fill(w.vatExcl, { r, p: money((price * (10_000 + vat.vatRate)) / 10_000) })];
}

function componentWords(w: Words, c: PriceComponent, number: (n: number) => string): string[] {
  const out: string[] = [];
  if (c.type === 'PARKING_TIME' && c.graceMinutes) out.push(fill(w.grace, { n: c.graceMinutes }));
  if (c.type !== 'FLAT' && c.stepSize > 1) {
    out.push(fill(w.step, { n: number(c.stepSize), unit: c.type === 'ENERGY' ? w.wh : w.s }));
  }
  return out;
}

function restrictionWords(
  w: Words,
  r: TariffRestrictions | undefined,
  number: (n: number) => string,
): string[] {
  if (!r) return [];
  const out: string[] = [];
  if (r.startTime !== undefined || r.endTime !== undefined) {
    out.push(fill(w.time, { a: r.startTime ?? '00:00', b: r.endTime ?? '24:00' }));
  }
  if (r.dayOfWeek) {
    const order = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
    out.push(
      order
        .map((d, i) => (r.dayOfWeek?.includes(d as never) ? w.days[i] : undefined))
        .filter(Boolean)
        .join(', '),
    );
  }
  if (r.startDate) out.push(fill(w.from, { d: r.startDate }));
  if (r.endDate) out.push(fill(w.until, { d: r.endDate }));
  if (r.minKwh !== undefined) out.push(fill(w.minKwh, { n: number(r.minKwh) }));
  if (r.maxKwh !== undefined) out.push(fill(w.maxKwh, { n: number(r.maxKwh) }));
  if (r.minPowerKw !== undefined) out.push(fill(w.minKw, { n: number(r.minPowerKw) }));
  if (r.maxPowerKw !== undefined) out.push(fill(w.maxKw, { n: number(r.maxPowerKw) }));
  if (r.minDurationSeconds !== undefined) out.push(fill(w.minDur, { n: number(r.minDurationSeconds / 60) }));
  if (r.maxDurationSeconds !== undefined) out.push(fill(w.maxDur, { n: number(r.maxDurationSeconds / 60) }));
  return out;
}
