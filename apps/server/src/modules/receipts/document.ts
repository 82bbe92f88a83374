import type { Locale, Session } from '@voltline/contract';
import { translate } from '../../lib/messages.js';
import { formatMoney } from '../../lib/money.js';
import type { ReceiptFigures, ReceiptLine } from './figures.js';

/** Who issues a receipt: the operator's legal entity where it has one. */
export interface Issuer {
  name: string;
  addressLines: string[];
  taxId: string | null;
  taxOffice: string | null;
  contact: string | null;
  timeZone: string;
  /** The operator's VAT rate (basis points), for snapshots that do not carry one. */
  vatRate: number;
}

/**
 * What a printed document says, in order, before it is drawn: the same words whatever the
 * drawing, so tests read what a driver reads.
 */
export interface PrintedDocument {
  title: string;
  subtitle: string;
  issuer: string[];
  details: [string, string][];
  table: { header: string[]; rows: string[][]; numeric: boolean[] } | null;
  totals: [string, string][];
  notes: string[];
}

const dateTime = (locale: Locale, iso: string | Date, timeZone: string) =>
  new Intl.DateTimeFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));

export const kwh = (locale: Locale, wh: number) =>
  new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  }).format(wh / 1000);

const duration = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
};

const percent = (locale: Locale, basisPoints: number) =>
  new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(basisPoints / 10_000);

export function issuerLines(locale: Locale, issuer: Issuer): string[] {
  return [
    issuer.name,
    ...issuer.addressLines,
    ...(issuer.taxId ? [translate(locale, 'receipt.taxId', { taxId: issuer.taxId })] : []),
    ...(issuer.taxOffice ? [translate(locale, 'receipt.taxOffice', { office: issuer.taxOffice })] : []),
    ...(issuer.contact ? [translate(locale, 'receipt.contact', { contact: issuer.contact })] : []),
  ];
}

function quantity(locale: Locale, l: ReceiptLine) {
  if (l.type === 'ENERGY') return `${kwh(locale, l.quantity)} kWh`;
  if (l.type === 'TIME' || l.type === 'PARKING_TIME') return duration(l.quantity);
  return '1';
}

function unitPrice(locale: Locale, l: ReceiptLine, currency: string) {
  if (l.unitPrice === null) return '';
  const price = formatMoney(locale, l.unitPrice, currency);
  const key =
    l.type === 'ENERGY' ? 'receipt.perKwh' : l.type === 'FLAT' ? 'receipt.perSession' : 'receipt.perHour';
  return translate(locale, key, { price });
}

/** A billed session's receipt: who issued it, the session, its lines with VAT, and the totals. */
export function receiptDocument(
  locale: Locale,
  s: Session,
  figures: ReceiptFigures,
  issuer: Issuer,
  now: Date,
): PrintedDocument {
  // The zone the session was priced in (its tariff snapshot's), else the operator's.
  const tz = s.tariff?.timeZone ?? issuer.timeZone;
  const money = (minor: number) => formatMoney(locale, minor, figures.currency);
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(locale, key, params);
  const details: [string, string][] = [
    [t('receipt.chargePoint'), `${s.chargePointName} (${s.chargePointId})`],
    [t('receipt.connector'), String(s.connectorId)],
    [t('receipt.started'), dateTime(locale, s.startedAt, tz)],
    [t('receipt.stopped'), s.stoppedAt ? dateTime(locale, s.stoppedAt, tz) : '—'],
    [t('receipt.duration'), duration(s.durationSeconds)],
    [t('receipt.energy'), `${kwh(locale, s.energyWh)} kWh`],
    [t('receipt.card'), s.idTag],
    ...(s.driverName ? [[t('receipt.driver'), s.driverName] as [string, string]] : []),
    ...(s.tariff ? [[t('receipt.tariff'), s.tariff.name] as [string, string]] : []),
  ];
  const rows = figures.lines.map((l) => [
    t(`receipt.line.${l.type}`),
    quantity(locale, l),
    unitPrice(locale, l, figures.currency),
    money(l.net),
    money(l.vat),
    money(l.gross),
  ]);
  return {
    title: t('receipt.title'),
    subtitle: `${t('receipt.session', { id: s.id })} · ${t('receipt.issued', { date: dateTime(locale, now, tz) })}`,
    issuer: issuerLines(locale, issuer),
    details,
    table: rows.length
      ? {
          header: ['item', 'quantity', 'unitPrice', 'net', 'vat', 'total'].map((c) =>
            t(`receipt.col.${c}` as never),
          ),
          rows,
          numeric: [false, true, true, true, true, true],
        }
      : null,
    totals: [
      [t('receipt.totalNet'), money(figures.net)],
      [t('receipt.totalVat', { rate: percent(locale, figures.vatRate) }), money(figures.vat)],
      [t('receipt.totalGross'), money(figures.gross)],
    ],
    notes: [
      ...(figures.gross === 0 ? [t('receipt.freeSession')] : []),
      t(figures.pricesIncludeVat ? 'receipt.pricesIncludeVat' : 'receipt.pricesExcludeVat'),
      t('receipt.notInvoice'),
    ],
  };
}

export { dateTime, percent };
