import type {
  ChargePointAnalytics,
  ChargePointAnalyticsQuery,
  ChargingProfile,
  ConnectionEvent,
  DeviceEvent,
  DeviceEventQuery,
  FaultPeriod,
  Page,
} from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { describeClose, NO_CLOSE } from '../../lib/close-cause.js';
import { notFound } from '../../lib/errors.js';
import * as analytics from './analytics.repository.js';
import { findChargePoint } from './registry.repository.js';
import * as faults from './faults.repository.js';
import { countDeviceEvents, deviceEvents } from './events.repository.js';
import { toDeviceEvent } from './events.js';

const DAY = 86_400_000;

/** Read-only views of one charge point: analytics, connection history, charging profiles. */
export class ChargePointInsights {
  constructor(private readonly db: Db) {}

  private async cp(ctx: Ctx, key: number | string) {
    const row = await findChargePoint(
      this.db,
      ctx.actor,
      typeof key === 'string' && /^\d+$/.test(key) ? Number(key) : key,
    );
    if (!row) throw notFound('chargePoint');
    return row.cp;
  }

  /** Sessions, energy, revenue and uptime over a range (default: the last 30 days). */
  async analytics(ctx: Ctx, q: z.output<typeof ChargePointAnalyticsQuery>): Promise<ChargePointAnalytics> {
    const cp = await this.cp(ctx, q.chargePointId);
    const to = q.to ? new Date(q.to) : new Date();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - 30 * DAY);
    const until = new Date(Math.min(to.getTime(), Date.now()));
    // Uptime counts from when the charge point came to the network, not from the range's start.
    const since = await analytics.existsSince(this.db, cp.id, cp.createdAt);
    const upFrom = since > from ? since : from;
    const [byDay, up, currency] = await Promise.all([
      analytics.sessionsByDay(this.db, cp.id, from, to),
      until > upFrom ? analytics.connectedSeconds(this.db, cp.id, upFrom, until) : Promise.resolve(0),
      analytics.currencyOf(this.db, cp.id, from, to),
    ]);
    const span = (until.getTime() - upFrom.getTime()) / 1000;
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      sessions: byDay.reduce((n, d) => n + d.sessions, 0),
      energyWh: byDay.reduce((n, d) => n + Number(d.energyWh), 0),
      revenue: byDay.reduce((n, d) => n + Number(d.revenue), 0),
      currency: currency ?? 'TRY',
      uptime: span > 0 ? Math.min(1, up / span) : 0,
      byDay: byDay.map((d) => ({
        day: d.day,
        sessions: d.sessions,
        energyWh: Number(d.energyWh),
        revenue: Number(d.revenue),
      })),
    };
  }

  async connections(ctx: Ctx, id: number, index: number, size: number): Promise<Page<ConnectionEvent>> {
    const cp = await this.cp(ctx, id);
    const [rows, total] = await Promise.all([
      analytics.connectionHistory(this.db, cp.id, index * size, size),
      analytics.countConnectionHistory(this.db, cp.id),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        event: r.event as ConnectionEvent['event'],
        at: r.at.toISOString(),
        remoteAddress: r.remoteAddress,
        detail: r.detail,
        ...(r.event === 'disconnected' ? describeClose(r.detail) : NO_CLOSE),
      })),
      total,
      index,
      size,
    };
  }

  /** The charge point's faults, newest first: code, the charger's text, vendor code, start and end. */
  async faults(ctx: Ctx, id: number, index: number, size: number): Promise<Page<FaultPeriod>> {
    const cp = await this.cp(ctx, id);
    const [rows, total] = await Promise.all([
      faults.faultHistory(this.db, cp.id, index * size, size),
      faults.countFaultHistory(this.db, cp.id),
    ]);
    const text = (v: unknown) => (typeof v === 'string' ? v : null);
    return {
      items: rows.map((r) => ({
        id: r.id,
        connectorId: r.connectorId,
        errorCode: text(r.details.errorCode) ?? 'OtherError',
        info: text(r.details.info),
        vendorId: text(r.details.vendorId),
        vendorErrorCode: text(r.details.vendorErrorCode),
        startedAt: r.startedAt.toISOString(),
        endedAt: r.endedAt?.toISOString() ?? null,
      })),
      total,
      index,
      size,
    };
  }

  /** The events its device model reported (2.0.1 NotifyEvent), newest first; none for a 1.6 charger. */
  async events(ctx: Ctx, id: number, q: DeviceEventQuery): Promise<Page<DeviceEvent>> {
    const cp = await this.cp(ctx, id);
    const filter = { component: q.component, trigger: q.trigger, severity: q.severity };
    const [rows, total] = await Promise.all([
      deviceEvents(this.db, cp.id, filter, q.index * q.size, q.size),
      countDeviceEvents(this.db, cp.id, filter),
    ]);
    return { items: rows.map(toDeviceEvent), total, index: q.index, size: q.size };
  }

  async profiles(ctx: Ctx, key: string): Promise<ChargingProfile[]> {
    const cp = await this.cp(ctx, key);
    const rows = await analytics.profilesOf(this.db, cp.id);
    return rows.map((r) => ({
      id: r.id,
      connectorId: r.connectorId,
      profileId: r.profileId,
      stackLevel: r.stackLevel,
      purpose: r.purpose,
      kind: r.kind,
      chargingRateUnit: r.chargingRateUnit,
      profile: r.profile,
      createdAt: r.createdAt.toISOString(),
    }));
  }
}
