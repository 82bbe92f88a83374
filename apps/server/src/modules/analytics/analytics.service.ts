import type { Analytics, AnalyticsQuery, MapPoint, MapQuery } from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { describeClose, NO_CLOSE } from '../../lib/close-cause.js';
import { AppError, notFound } from '../../lib/errors.js';
import { findOperatorInScope } from '../operators/operators.repository.js';
import * as repo from './analytics.repository.js';

const DAY = 86_400_000;

/** Midnight of the day `at` falls in, in the time zone, as an instant. */
export function startOfDay(at: Date, tz: string): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const sinceMidnight =
    (get('hour') * 3600 + get('minute') * 60 + get('second')) * 1000 + at.getUTCMilliseconds();
  return new Date(at.getTime() - sinceMidnight);
}

function validZone(tz: string | undefined): string {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    throw new AppError(400, 'analytics.badTimeZone', { tz });
  }
}

const figure = (r: { id: number; charge_point_id: string; name: string; value: number }) => ({
  id: r.id,
  chargePointId: r.charge_point_id,
  name: r.name,
  value: Number(r.value),
});

/** The dashboard's figures, all computed in the database for the user's reach. */
export class AnalyticsService {
  constructor(private readonly db: Db) {}

  /** The operator subtree the figures cover: a chosen operator in reach, or the user's reach. */
  private async scopePath(ctx: Ctx, operatorId?: number): Promise<string | null> {
    if (operatorId) {
      const op = await findOperatorInScope(this.db, ctx.actor, operatorId);
      if (!op) throw notFound('operator');
      return op.path;
    }
    return ctx.actor.isAdmin ? null : ctx.actor.operatorPath;
  }

  async dashboard(ctx: Ctx, q: z.output<typeof AnalyticsQuery>): Promise<Analytics> {
    const tz = validZone(q.tz);
    const now = new Date();
    const to = q.to ? new Date(q.to) : now;
    const from = q.from ? new Date(q.from) : startOfDay(new Date(to.getTime() - 6 * DAY), tz);
    if (!(from < to)) throw new AppError(400, 'analytics.badRange');
    const span = to.getTime() - from.getTime();
    const previousFrom = new Date(from.getTime() - span);
    const today = startOfDay(now, tz);
    const until = new Date(Math.min(to.getTime(), now.getTime()));
    const path = await this.scopePath(ctx, q.operatorId);
    const db = this.db;

    const [cps, connectors, active, todayFigures, range, previous, days, used, uptime, events] =
      await Promise.all([
        repo.chargePointCounts(db, path),
        repo.connectorsByStatus(db, path),
        repo.activeSessions(db, path),
        repo.figures(db, path, today, new Date(now.getTime() + 1)),
        repo.figures(db, path, from, to),
        repo.figures(db, path, previousFrom, from),
        repo.perDay(db, path, from, to, tz),
        repo.utilisation(db, path, from, until > from ? until : to),
        until > from ? repo.lowestUptime(db, path, from, until) : Promise.resolve([]),
        repo.recentEvents(db, path),
      ]);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      previousFrom: previousFrom.toISOString(),
      previousTo: from.toISOString(),
      timeZone: tz,
      chargePoints: cps,
      connectors,
      activeSessions: active,
      today: todayFigures,
      range,
      previousRange: previous,
      perDay: days,
      utilisation: {
        average: Number(used[0]?.average ?? 0),
        top: used
          .filter((u) => u.high <= 10)
          .sort((a, b) => a.high - b.high)
          .map(figure),
        bottom: used
          .filter((u) => u.low <= 10)
          .sort((a, b) => a.low - b.low)
          .map(figure),
      },
      uptime: { average: Number(uptime[0]?.average ?? 0), lowest: uptime.map(figure) },
      recentEvents: events.map((e) => ({
        id: Number(e.id),
        chargePointDbId: e.cp_id,
        chargePointId: e.charge_point_id,
        name: e.name,
        kind: e.kind,
        at: new Date(e.at).toISOString(),
        detail: e.detail,
        connectorId: e.connector_id,
        errorCode: e.error_code,
        info: e.info,
        vendorErrorCode: e.vendor_error_code,
        ...(e.kind === 'disconnect' ? describeClose(e.detail) : NO_CLOSE),
      })),
    };
  }

  async map(ctx: Ctx, q: z.output<typeof MapQuery>): Promise<MapPoint[]> {
    const path = await this.scopePath(ctx, q.operatorId);
    const points = (await repo.mapPoints(this.db, path)).map((r): MapPoint => {
      const connectors = r.connectors ?? [];
      const faulted = r.status === 'Faulted' || connectors.some((c) => c.status === 'Faulted');
      const charging = connectors.some((c) =>
        ['Charging', 'SuspendedEV', 'SuspendedEVSE'].includes(c.status),
      );
      return {
        id: r.id,
        chargePointId: r.charge_point_id,
        name: r.name,
        operatorId: r.operator_id,
        operatorName: r.operator_name,
        latitude: Number(r.latitude),
        longitude: Number(r.longitude),
        address: r.address_line1,
        city: r.city,
        state: !r.connected ? 'offline' : faulted ? 'faulted' : charging ? 'charging' : 'available',
        connectors,
      };
    });
    return q.state ? points.filter((p) => p.state === q.state) : points;
  }
}
