import type { Locale, UptimeFigures, UptimeReport } from '@voltline/contract';
import type { FastifyReply } from 'fastify';
import { inBatches, sendExcel } from '../../lib/excel.js';
import { translate, type MessageKey } from '../../lib/messages.js';

interface Line extends UptimeFigures {
  chargePointId: string;
  name: string;
  connector: string;
}

const figuresOf = (f: UptimeFigures): UptimeFigures => ({
  minutes: f.minutes,
  outageMinutes: f.outageMinutes,
  excludedMinutes: f.excludedMinutes,
  uptime: f.uptime,
});

const round = (n: number, digits: number) => Number(n.toFixed(digits));

/** The report's lines: each connector, then its charge point as a whole, and the operator's total last. */
export function reportLines(report: UptimeReport, locale: Locale): Line[] {
  const t = (k: MessageKey) => translate(locale, k);
  return [
    ...report.chargePoints.flatMap((cp) => [
      ...cp.connectors.map((c) => ({
        chargePointId: cp.chargePointId,
        name: cp.name,
        connector: String(c.connectorId),
        ...figuresOf(c),
      })),
      {
        ...figuresOf(cp),
        chargePointId: cp.chargePointId,
        name: cp.name,
        connector: t('uptime.allConnectors'),
      },
    ]),
    {
      chargePointId: t('uptime.total'),
      name: report.operatorName,
      connector: '',
      ...figuresOf(report.total),
    },
  ];
}

export function sendUptimeExcel(reply: FastifyReply, locale: Locale, report: UptimeReport) {
  const t = (k: MessageKey) => translate(locale, k);
  const lines = reportLines(report, locale);
  return sendExcel(
    reply,
    `uptime-${report.month}.xlsx`,
    t('sheet.uptime'),
    [
      { header: t('uptime.col.chargePoint'), width: 22, value: (r: Line) => r.chargePointId },
      { header: t('uptime.col.name'), width: 28, value: (r: Line) => r.name },
      { header: t('uptime.col.connector'), width: 16, value: (r: Line) => r.connector },
      { header: t('uptime.col.minutes'), width: 18, value: (r: Line) => round(r.minutes, 2) },
      { header: t('uptime.col.outage'), width: 16, value: (r: Line) => round(r.outageMinutes, 2) },
      { header: t('uptime.col.excluded'), width: 18, value: (r: Line) => round(r.excludedMinutes, 2) },
      {
        header: t('uptime.col.uptime'),
        width: 12,
        value: (r: Line) => (r.uptime === null ? null : round(r.uptime, 3)),
      },
    ],
    inBatches((offset, limit) => Promise.resolve(lines.slice(offset, offset + limit))),
  );
}
