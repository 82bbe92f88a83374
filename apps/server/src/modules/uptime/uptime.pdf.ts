import type { Locale, UptimeReport } from '@voltline/contract';
import { translate, type MessageKey } from '../../lib/messages.js';
import type { PrintedDocument } from '../receipts/document.js';
import { renderPdf } from '../receipts/pdf.js';
import { reportLines } from './uptime.excel.js';

const number = (locale: Locale, n: number, digits: number) =>
  new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(n);

const percent = (locale: Locale, n: number | null) => (n === null ? '—' : `${number(locale, n, 3)} %`);

/** The monthly report as printed: the Excel's lines, with the rule and the period stated. */
export function uptimeDocument(report: UptimeReport, locale: Locale): PrintedDocument {
  const t = (k: MessageKey, p?: Record<string, string | number>) => translate(locale, k, p);
  const lines = reportLines(report, locale);
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: report.timeZone,
    }).format(new Date(iso));
  return {
    title: t('uptime.pdf.title'),
    subtitle: `${report.operatorName} · ${report.month}`,
    issuer: [report.operatorName],
    details: [
      [t('uptime.pdf.period'), `${day(report.from)} – ${day(report.to)} (${report.timeZone})`],
      [t('uptime.pdf.rule'), '23 CFR 680.116(b)'],
      [t('uptime.pdf.target'), percent(locale, report.target)],
    ],
    table: {
      header: [
        t('uptime.col.chargePoint'),
        t('uptime.col.connector'),
        t('uptime.col.minutes'),
        t('uptime.col.outage'),
        t('uptime.col.excluded'),
        t('uptime.col.uptime'),
      ],
      rows: lines
        .slice(0, -1)
        .map((l) => [
          l.chargePointId === l.name ? l.chargePointId : `${l.chargePointId} · ${l.name}`,
          l.connector,
          number(locale, l.minutes, 0),
          number(locale, l.outageMinutes, 1),
          number(locale, l.excludedMinutes, 1),
          percent(locale, l.uptime),
        ]),
      numeric: [false, false, true, true, true, true],
    },
    totals: [[t('uptime.pdf.total'), percent(locale, report.total.uptime)]],
    notes: [t('uptime.pdf.note')],
  };
}

export async function uptimePdf(report: UptimeReport, locale: Locale) {
  return {
    fileName: `uptime-${report.month}.pdf`,
    pdf: await renderPdf(uptimeDocument(report, locale), { author: report.operatorName }),
  };
}
