import type { Locale, Session } from '@voltline/contract';
import type { ExcelColumn } from '../../lib/excel.js';
import { translate } from '../../lib/messages.js';
import { formatMoney } from '../../lib/money.js';
import { dateTime, issuerLines, kwh, type Issuer, type PrintedDocument } from './document.js';
import type { SessionUsage } from '../sessions/usage.repository.js';
import { receiptFigures } from './figures.js';

/** One billed session of a statement, with what its receipt says. */
export interface StatementRow {
  id: number;
  startedAt: string;
  chargePoint: string;
  energyWh: number;
  net: number;
  vat: number;
  gross: number;
  currency: string;
}

/** The billed sessions among these (a running or held one has no receipt yet, and is left out). */
export function statementRows(
  sessions: Session[],
  operatorVatRate: number,
  /** Each session's usage, as its receipt reads it (SessionsService.usageOf). */
  usage: ReadonlyMap<number, SessionUsage> = new Map(),
): StatementRow[] {
  const rows: StatementRow[] = [];
  for (const s of sessions) {
    const f = receiptFigures(s, operatorVatRate, usage.get(s.id));
    if (!f) continue;
    rows.push({
      id: s.id,
      startedAt: s.startedAt,
      chargePoint: s.chargePointId,
      energyWh: s.energyWh,
      net: f.net,
      vat: f.vat,
      gross: f.gross,
      currency: f.currency,
    });
  }
  return rows;
}

/** Sums per currency, in the order the currencies first appear. */
function totalsByCurrency(rows: StatementRow[]) {
  const sums = new Map<string, { net: number; vat: number; gross: number }>();
  for (const r of rows) {
    const s = sums.get(r.currency) ?? { net: 0, vat: 0, gross: 0 };
    s.net += r.net;
    s.vat += r.vat;
    s.gross += r.gross;
    sums.set(r.currency, s);
  }
  return [...sums];
}

export function statementDocument(
  locale: Locale,
  rows: StatementRow[],
  issuer: Issuer,
  driver: string,
  month: string,
  now: Date,
): PrintedDocument {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(locale, key, params);
  const tz = issuer.timeZone;
  const totals: [string, string][] = [];
  for (const [currency, s] of totalsByCurrency(rows)) {
    const money = (minor: number) => formatMoney(locale, minor, currency);
    totals.push([t('receipt.totalNet'), money(s.net)], [t('statement.col.vat'), money(s.vat)]);
    totals.push([t('statement.total'), money(s.gross)]);
  }
  return {
    title: t('statement.title'),
    subtitle: `${t('statement.period', { month, driver })} · ${t('receipt.issued', { date: dateTime(locale, now, tz) })}`,
    issuer: issuerLines(locale, issuer),
    details: [[t('statement.col.session'), t('statement.sessions', { count: rows.length })]],
    table: rows.length
      ? {
          header: ['session', 'date', 'chargePoint', 'energy', 'net', 'vat', 'gross'].map((c) =>
            t(`statement.col.${c}` as never),
          ),
          rows: rows.map((r) => [
            `#${r.id}`,
            dateTime(locale, r.startedAt, tz),
            r.chargePoint,
            kwh(locale, r.energyWh),
            formatMoney(locale, r.net, r.currency),
            formatMoney(locale, r.vat, r.currency),
            formatMoney(locale, r.gross, r.currency),
          ]),
          numeric: [false, false, false, true, true, true, true],
        }
      : null,
    totals,
    notes: rows.length ? [] : [t('statement.none')],
  };
}

/**
 * The statement's Excel columns: amounts as numbers in major units, one row per session, and the
 * start as the operator's wall time (the zone in the header), as the month was chosen.
 */
export function statementColumns(locale: Locale, timeZone: string): ExcelColumn<StatementRow>[] {
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  return [
    { header: t('statement.col.session'), width: 10, value: (r) => r.id },
    {
      header: `${t('statement.col.date')} (${timeZone})`,
      width: 26,
      value: (r) => dateTime(locale, r.startedAt, timeZone),
    },
    { header: t('statement.col.chargePoint'), width: 24, value: (r) => r.chargePoint },
    { header: t('statement.col.energy'), width: 14, value: (r) => r.energyWh / 1000 },
    { header: t('statement.col.net'), width: 12, value: (r) => r.net / 100 },
    { header: t('statement.col.vat'), width: 12, value: (r) => r.vat / 100 },
    { header: t('statement.col.gross'), width: 12, value: (r) => r.gross / 100 },
    { header: t('statement.col.currency'), width: 10, value: (r) => r.currency },
  ];
}
