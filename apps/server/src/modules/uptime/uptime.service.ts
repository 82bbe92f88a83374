import {
  DEFAULT_UPTIME_TARGET,
  type ChargePointUptime,
  type NewUptimeExclusion,
  type UptimeExclusion,
  type UptimeRangeQuery,
  type UptimeReport,
  type UptimeReportQuery,
} from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { uptimeExclusions } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../audit/audit.service.js';
import { startOfDay } from '../analytics/analytics.service.js';
import { findChargePoint } from '../charge-points/registry.repository.js';
import { findOperatorInScope } from '../operators/operators.repository.js';
import { intersect, measure, toFigures, union, type Span, type Sums } from './intervals.js';
import * as repo from './uptime.repository.js';

const DAY = 86_400_000;
const ms = (d: Date | string) => new Date(d).getTime();

/** The local calendar day of an instant in a time zone. */
function localDay(at: Date, tz: string): number {
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone: tz, day: 'numeric' }).format(at));
}

/** The instant a month (YYYY-MM) begins in a time zone: midnight of its 1st there. */
export function startOfMonth(month: string, tz: string): Date {
  const [y, m] = month.split('-').map(Number) as [number, number];
  let at = new Date(Date.UTC(y, m - 1, 1, 12));
  if (localDay(at, tz) !== 1) at = new Date(at.getTime() - DAY);
  return startOfDay(at, tz);
}

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

function toExclusion(r: typeof uptimeExclusions.$inferSelect): UptimeExclusion {
  return {
    id: r.id,
    connectorId: r.connectorId,
    reason: r.reason as UptimeExclusion['reason'],
    note: r.note,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Uptime as regulators count it (23 CFR 680.116(b)), per connector: down while the charger is
 * offline or the connector (or the charge point as a whole, connector 0) reports Faulted or
 * Unavailable; downtime inside an exclusion does not count. Connectors count from when their
 * charge point came to the network, and no further than now.
 */
export class UptimeService {
  constructor(private readonly db: Db) {}

  /** Each charge point's figures, with its connectors' sums for adding up further. */
  private async compute(
    cps: repo.CpRow[],
    from: Date,
    to: Date,
  ): Promise<{ figures: ChargePointUptime; sums: Sums[] }[]> {
    const until = Math.min(to.getTime(), Date.now());
    const ids = cps.map((c) => c.id);
    const end = new Date(Math.max(until, from.getTime() + 1));
    const [offline, down, excluded] = await Promise.all([
      repo.offlineSpans(this.db, ids, from, end),
      repo.downStatusSpans(this.db, ids, from, end),
      repo.excludedSpans(this.db, ids, from, end),
    ]);
    const span = (r: repo.SpanRow): Span => [ms(r.s), ms(r.e)];
    return cps.map((cp) => {
      const start = Math.max(from.getTime(), ms(cp.since));
      const period: Span[] = until > start ? [[start, until]] : [];
      const mine = <T extends repo.SpanRow>(list: T[]) => list.filter((r) => r.charge_point_id === cp.id);
      const cpOffline = mine(offline).map(span);
      const cpDown = mine(down);
      const cpExcluded = mine(excluded);
      const connectors = (cp.connectors ?? []).map((connectorId) => {
        const whole = (c: number | null) => c === null || c === 0 || c === connectorId;
        const outage = intersect(
          union([...cpOffline, ...cpDown.filter((r) => whole(r.connector_id)).map(span)]),
          period,
        );
        const excl = union(cpExcluded.filter((r) => whole(r.connector_id)).map(span));
        const sums = measure(period[0] ? period[0][1] - period[0][0] : 0, outage, excl);
        return { connectorId, sums };
      });
      const sums = connectors.map((c) => c.sums);
      return {
        figures: {
          id: cp.id,
          chargePointId: cp.charge_point_id,
          name: cp.name,
          ...toFigures(sums),
          connectors: connectors.map((c) => ({ connectorId: c.connectorId, ...toFigures([c.sums]) })),
        },
        sums,
      };
    });
  }

  /** One operator's month, in its time zone: every charge point's connectors and the total. */
  async report(ctx: Ctx, q: z.output<typeof UptimeReportQuery>): Promise<UptimeReport> {
    const op = await findOperatorInScope(this.db, ctx.actor, q.operatorId ?? ctx.actor.operatorId);
    if (!op) throw notFound('operator');
    const from = startOfMonth(q.month, op.timeZone);
    const to = startOfMonth(nextMonth(q.month), op.timeZone);
    // The operator's network: its own charge points and those of the operators below it.
    const cps = await repo.chargePointsFor(this.db, { operatorPath: op.path });
    const rows = await this.compute(cps, from, to);
    return {
      operatorId: op.id,
      operatorName: op.name,
      month: q.month,
      timeZone: op.timeZone,
      from: from.toISOString(),
      to: to.toISOString(),
      target: DEFAULT_UPTIME_TARGET,
      chargePoints: rows.map((r) => r.figures),
      total: toFigures(rows.flatMap((r) => r.sums)),
    };
  }

  private async cp(ctx: Ctx, id: number) {
    const row = await findChargePoint(this.db, ctx.actor, id);
    if (!row) throw notFound('chargePoint');
    return row.cp;
  }

  /** One charge point and its connectors over any span. */
  async chargePoint(ctx: Ctx, id: number, q: z.output<typeof UptimeRangeQuery>): Promise<ChargePointUptime> {
    const cp = await this.cp(ctx, id);
    const [row] = await this.compute(
      await repo.chargePointsFor(this.db, { ids: [cp.id] }),
      new Date(q.from),
      new Date(q.to),
    );
    if (!row) throw notFound('chargePoint');
    return row.figures;
  }

  async exclusions(ctx: Ctx, id: number): Promise<UptimeExclusion[]> {
    const cp = await this.cp(ctx, id);
    return (await repo.listExclusions(this.db, cp.id)).map(toExclusion);
  }

  async addExclusion(
    ctx: Ctx,
    id: number,
    body: z.output<typeof NewUptimeExclusion>,
  ): Promise<UptimeExclusion> {
    const cp = await this.cp(ctx, id);
    if (body.connectorId) {
      const [row] = await repo.chargePointsFor(this.db, { ids: [cp.id] });
      if (!row?.connectors?.includes(body.connectorId))
        throw new AppError(400, 'uptime.noSuchConnector', {}, [
          { field: 'body.connectorId', key: 'uptime.noSuchConnector' },
        ]);
    }
    const row = await this.db.transaction(async (tx) => {
      const created = await repo.insertExclusion(tx, {
        chargePointId: cp.id,
        operatorId: cp.operatorId,
        connectorId: body.connectorId ?? null,
        reason: body.reason,
        note: body.note ?? null,
        startsAt: new Date(body.startsAt),
        endsAt: new Date(body.endsAt),
        createdBy: ctx.actor.userId,
      });
      await audit(tx, ctx, {
        action: 'create',
        entity: 'uptimeExclusion',
        entityId: created.id,
        subjectOperatorId: cp.operatorId,
        summary: { chargePointId: cp.chargePointId, ...toExclusion(created) },
      });
      return created;
    });
    return toExclusion(row);
  }

  async removeExclusion(ctx: Ctx, id: number): Promise<void> {
    const found = await repo.findExclusion(this.db, ctx.actor, id);
    if (!found) throw notFound('uptimeExclusion');
    await this.db.transaction(async (tx) => {
      await repo.deleteExclusion(tx, id);
      await audit(tx, ctx, {
        action: 'delete',
        entity: 'uptimeExclusion',
        entityId: id,
        subjectOperatorId: found.exclusion.operatorId,
        summary: { chargePointId: found.chargePointId, ...toExclusion(found.exclusion) },
      });
    });
  }
}
