import type { ChargePointUptime, ConnectorUptime, UptimeReport } from '@voltline/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { isShort } from '../../../lib/uptime-format';

/** The month a report covers, as the API takes it. */
export const monthParam = (month: Dayjs) => month.format('YYYY-MM');

/** The screen opens on the last whole month: the one a tender or authority asks for. */
export const lastMonth = (now: Dayjs = dayjs()) => now.subtract(1, 'month').startOf('month');

export interface UptimeRow {
  key: string;
  chargePointId: string;
  name: string;
  /** Null on a charge point's row (all its connectors). */
  connectorId: number | null;
  minutes: number;
  outageMinutes: number;
  excludedMinutes: number;
  uptime: number | null;
  children?: UptimeRow[];
}

const connectorRow = (cp: ChargePointUptime, c: ConnectorUptime): UptimeRow => ({
  key: `${cp.id}-${c.connectorId}`,
  chargePointId: cp.chargePointId,
  name: cp.name,
  connectorId: c.connectorId,
  minutes: c.minutes,
  outageMinutes: c.outageMinutes,
  excludedMinutes: c.excludedMinutes,
  uptime: c.uptime,
});

/** The report as a tree: each charge point with its connectors under it. */
export function uptimeRows(report: UptimeReport): UptimeRow[] {
  return report.chargePoints.map((cp) => ({
    key: String(cp.id),
    chargePointId: cp.chargePointId,
    name: cp.name,
    connectorId: null,
    minutes: cp.minutes,
    outageMinutes: cp.outageMinutes,
    excludedMinutes: cp.excludedMinutes,
    uptime: cp.uptime,
    children: cp.connectors.map((c) => connectorRow(cp, c)),
  }));
}

/** Connectors short of the target, counted for the summary above the table. */
export const shortConnectors = (report: UptimeReport) =>
  report.chargePoints.flatMap((cp) => cp.connectors).filter((c) => isShort(c.uptime, report.target)).length;
