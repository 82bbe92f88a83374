import {
  type AllocationState,
  type ChargingRateUnit,
  type CompositeScheduleResult,
  type ConnectorAllocation,
  type GroupPowerSample,
  type NewSmartChargingGroup,
  type Page,
  type SmartChargingGroup,
  type SmartChargingGroupDetail,
  type SmartChargingGroupUpdate,
  type SmartChargingListQuery,
  type SmartChargingMode,
} from '@voltline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { MessageKey } from '../../lib/messages.js';
import { audit, diff } from '../audit/audit.service.js';
import { maximumOf, type Balancer } from './balancer.js';
import type { Send } from './profile-send.js';
import * as repo from './smart-charging.repository.js';
import { limitAt, validTimeZone, wattsPer } from './schedule.js';

type NewBody = z.output<typeof NewSmartChargingGroup>;
type UpdateBody = z.output<typeof SmartChargingGroupUpdate>;
type ListQuery = z.output<typeof SmartChargingListQuery>;
type Found = NonNullable<Awaited<ReturnType<typeof repo.findGroup>>>;

const DAY_MS = 86_400_000;

/** Lists of charge point ids in a message: the first few, and how many more. */
function named(ids: string[]): string {
  return ids.length <= 20 ? ids.join(', ') : `${ids.slice(0, 20).join(', ')} (+${ids.length - 20})`;
}

function refusal(status: 400 | 409, key: MessageKey, field: string, params: Record<string, string> = {}) {
  return new AppError(status, key, params, [{ field, key, params }]);
}

export interface SmartChargingDeps {
  db: Db;
  clock: Clock;
  /** The balancer, or in a cluster its runs handed to the leader (nudge). */
  balancer: Pick<Balancer, 'nudge' | 'settled' | 'clear' | 'membersChanged'>;
  send: Send;
  log: FastifyBaseLogger;
}

/** Smart-charging groups as staff see and change them; the balancing itself is balancer.ts. */
export class SmartChargingService {
  constructor(private readonly d: SmartChargingDeps) {}

  async page(ctx: Ctx, q: ListQuery): Promise<Page<SmartChargingGroup>> {
    const { rows, total } = await repo.pageGroups(this.d.db, ctx.actor, q, q.index * q.size, q.size);
    const members = await repo.membersOf(
      this.d.db,
      rows.map((r) => r.g.id),
    );
    return {
      items: rows.map((r) => this.view(r, members.get(r.g.id)!)),
      total,
      index: q.index,
      size: q.size,
    };
  }

  async get(ctx: Ctx, id: number): Promise<SmartChargingGroup> {
    const found = await this.find(ctx, id);
    const members = await repo.membersOf(this.d.db, [id]);
    return this.view(found, members.get(id)!);
  }

  async create(ctx: Ctx, body: NewBody): Promise<SmartChargingGroup> {
    checkTimeZone(body.timeZone);
    const id = await this.d.db.transaction(async (tx) => {
      const path = await repo.operatorPathInReach(tx, ctx.actor, body.operatorId);
      if (path === null) throw refusal(400, 'smartCharging.operatorOutOfReach', 'body.operatorId');
      const cps = await this.membersFor(tx, ctx, path, body.chargePointIds, null);
      const g = await repo.insertGroup(tx, {
        operatorId: body.operatorId,
        name: body.name,
        chargingRateUnit: body.chargingRateUnit,
        mode: body.mode,
        maxPower: body.maxPower,
        minPerSession: body.minPerSession,
        phases: body.phases,
        schedule: body.schedule,
        timeZone: body.timeZone,
        createdBy: ctx.actor.userId,
      });
      await repo.addMembers(
        tx,
        g.id,
        cps.map((c) => c.id),
      );
      await audit(tx, ctx, {
        action: 'create',
        entity: 'smartChargingGroup',
        entityId: g.id,
        summary: { ...settingsOf(body), chargePoints: cps.map((c) => c.chargePointId) },
      });
      return g.id;
    });
    this.d.balancer.membersChanged();
    this.d.balancer.nudge(id);
    return this.get(ctx, id);
  }

  async update(ctx: Ctx, id: number, body: UpdateBody): Promise<SmartChargingGroup> {
    checkTimeZone(body.timeZone);
    const found = await this.find(ctx, id);
    await this.d.db.transaction(async (tx) => {
      if (body.operatorId !== found.g.operatorId) {
        const path = await repo.operatorPathInReach(tx, ctx.actor, body.operatorId);
        if (path === null) throw refusal(400, 'smartCharging.operatorOutOfReach', 'body.operatorId');
        const outside = await repo.membersOutside(tx, id, path);
        if (outside.length) {
          throw refusal(400, 'smartCharging.outsideOperator', 'body.operatorId', {
            chargePoints: named(outside),
          });
        }
      }
      const after = settingsOf(body);
      await repo.updateGroup(tx, id, after);
      const changes = diff(settingsOf(found.g), after);
      await audit(tx, ctx, {
        action: 'update',
        entity: 'smartChargingGroup',
        entityId: id,
        summary: changes,
      });
    });
    this.d.balancer.nudge(id);
    return this.get(ctx, id);
  }

  /** Deletes the group; its members' profiles are cleared after the answer. */
  async remove(ctx: Ctx, id: number): Promise<void> {
    const found = await this.find(ctx, id);
    const st = await repo.groupState(this.d.db, id);
    await this.d.db.transaction(async (tx) => {
      await repo.deleteGroup(tx, id);
      await audit(tx, ctx, {
        action: 'delete',
        entity: 'smartChargingGroup',
        entityId: id,
        summary: { name: found.g.name, chargePoints: st.chargers.map((c) => c.chargePointId) },
      });
    });
    this.d.balancer.membersChanged();
    await this.d.balancer.settled(id);
    this.later(() => this.d.balancer.clear(st.chargers.filter((c) => c.connected)));
  }

  async addChargePoints(ctx: Ctx, groupId: number, ids: string[]): Promise<SmartChargingGroup> {
    const found = await this.find(ctx, groupId);
    await this.d.db.transaction(async (tx) => {
      const cps = await this.membersFor(tx, ctx, found.operatorPath, ids, groupId);
      await repo.addMembers(
        tx,
        groupId,
        cps.map((c) => c.id),
      );
      await audit(tx, ctx, {
        action: 'addChargePoints',
        entity: 'smartChargingGroup',
        entityId: groupId,
        summary: { chargePoints: cps.map((c) => c.chargePointId) },
      });
    });
    this.d.balancer.membersChanged();
    this.d.balancer.nudge(groupId);
    return this.get(ctx, groupId);
  }

  async removeChargePoints(ctx: Ctx, groupId: number, ids: string[]): Promise<SmartChargingGroup> {
    await this.find(ctx, groupId);
    const cps = await repo.chargersInReach(this.d.db, ctx.actor, ids);
    const leaving = await this.d.db.transaction(async (tx) => {
      const gone = new Set(
        await repo.removeMembers(
          tx,
          groupId,
          cps.map((c) => c.id),
        ),
      );
      const left = cps.filter((c) => gone.has(c.id));
      if (left.length === 0) throw refusal(400, 'smartCharging.notMembers', 'body.chargePointIds');
      await audit(tx, ctx, {
        action: 'removeChargePoints',
        entity: 'smartChargingGroup',
        entityId: groupId,
        summary: { chargePoints: left.map((c) => c.chargePointId) },
      });
      return left;
    });
    this.d.balancer.membersChanged();
    // The balancer may be sending to them right now: clear once it is done, then rebalance the rest.
    await this.d.balancer.settled(groupId);
    this.later(() => this.d.balancer.clear(leaving));
    this.d.balancer.nudge(groupId);
    return this.get(ctx, groupId);
  }

  async detail(ctx: Ctx, id: number): Promise<SmartChargingGroupDetail> {
    const found = await this.find(ctx, id);
    const g = found.g;
    const members = await repo.membersOf(this.d.db, [id]);
    const st = await repo.groupState(this.d.db, id);
    const unit = g.chargingRateUnit as ChargingRateUnit;
    const wpu = wattsPer(unit, g.phases);
    const chargers = new Map(st.chargers.map((c) => [c.id, c]));
    const allocs = new Map(st.allocations.map((a) => [`${a.chargePointId}:${a.connectorId}`, a]));
    const sessions = new Map<string, (typeof st.sessions)[number]>();
    for (const s of st.sessions) {
      const key = `${s.chargePointId}:${s.connectorId}`;
      if (!sessions.has(key)) sessions.set(key, s);
    }
    const allocations: ConnectorAllocation[] = [];
    for (const c of st.connectors) {
      const cp = chargers.get(c.chargePointId);
      if (!cp) continue;
      const key = `${c.chargePointId}:${c.connectorId}`;
      const a = allocs.get(key);
      const s = sessions.get(key);
      allocations.push({
        chargePointId: cp.chargePointId,
        chargePointDbId: cp.id,
        chargePointName: cp.name ?? cp.chargePointId,
        connectorId: c.connectorId,
        connected: cp.connected,
        status: c.status,
        sessionId: s?.id ?? null,
        sessionStartedAt: s?.startedAt.toISOString() ?? null,
        maximum: round(maximumOf(c.maximumPower, cp, unit, g.phases)),
        limit: !a
          ? null
          : s
            ? a.purpose === 'TxProfile' && a.transactionId === s.id
              ? a.limit
              : a.defaultLimit
            : (a.defaultLimit ?? a.limit),
        reserved: round(a?.reserved ?? 0),
        powerW: s ? (s.lastPowerW ?? null) : null,
        state: (a?.state ?? null) as AllocationState | null,
        detail: a?.detail ?? null,
        sentAt: a?.sentAt?.toISOString() ?? null,
      });
    }
    const limit = limitAt(g, this.d.clock.now());
    return {
      ...this.view(found, members.get(id)!),
      currentLimitW: round(limit * wpu),
      allocated: round(allocations.reduce((sum, a) => sum + a.reserved, 0)),
      measuredW: round(allocations.reduce((sum, a) => sum + (a.powerW ?? 0), 0)),
      allocations,
      lastBalancedAt: g.balancedAt?.toISOString() ?? null,
    };
  }

  async power(ctx: Ctx, id: number, q: { from?: string | undefined; to?: string | undefined }) {
    await this.find(ctx, id);
    const to = q.to ? new Date(q.to) : this.d.clock.now();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - DAY_MS);
    if (from > to) throw refusal(400, 'smartCharging.fromAfterTo', 'querystring.from');
    const rows = await repo.samplesBetween(this.d.db, id, from, to);
    return rows.map((r): GroupPowerSample => ({
      at: r.at.toISOString(),
      limitW: r.limitW,
      allocatedW: r.allocatedW,
      measuredW: r.measuredW,
    }));
  }

  /** GetCompositeSchedule to every member connector at once; each answers for itself. */
  async compositeSchedules(ctx: Ctx, id: number, duration: number): Promise<CompositeScheduleResult[]> {
    const found = await this.find(ctx, id);
    const st = await repo.groupState(this.d.db, id);
    const chargers = new Map(st.chargers.map((c) => [c.id, c]));
    return Promise.all(
      st.connectors.flatMap((c) => {
        const cp = chargers.get(c.chargePointId);
        if (!cp) return [];
        const base = { chargePointId: cp.chargePointId, connectorId: c.connectorId };
        return [
          (async (): Promise<CompositeScheduleResult> => {
            if (!cp.connected) return { ...base, status: 'offline', schedule: null };
            const r = await this.d.send(cp, 'GetCompositeSchedule', {
              connectorId: c.connectorId,
              duration,
              chargingRateUnit: found.g.chargingRateUnit,
            });
            if (!r.ok) return { ...base, status: r.error ?? r.outcome, schedule: null };
            return {
              ...base,
              status: typeof r.answer.status === 'string' ? r.answer.status : 'Rejected',
              schedule: scheduleOf(r.answer),
            };
          })(),
        ];
      }),
    );
  }

  private async find(ctx: Ctx, id: number): Promise<Found> {
    const found = await repo.findGroup(this.d.db, ctx.actor, id);
    if (!found) throw notFound('smartChargingGroup');
    return found;
  }

  /**
   * The chargers to put in a group: each known, in reach, in the group operator's subtree, and in
   * no other group (409, naming them and their group).
   */
  private async membersFor(tx: Tx, ctx: Ctx, path: string, ids: string[], groupId: number | null) {
    if (ids.length === 0) return [];
    const cps = await repo.chargersInReach(tx, ctx.actor, ids);
    const found = new Set(cps.map((c) => c.chargePointId.toLowerCase()));
    const unknown = ids.filter((i) => !found.has(i.toLowerCase()));
    if (unknown.length) {
      throw refusal(400, 'smartCharging.unknownChargePoints', 'body.chargePointIds', {
        chargePoints: named(unknown),
      });
    }
    const outside = cps.filter((c) => !c.path.startsWith(path)).map((c) => c.chargePointId);
    if (outside.length) {
      throw refusal(400, 'smartCharging.outsideOperator', 'body.chargePointIds', {
        chargePoints: named(outside),
      });
    }
    const taken = await repo.inOtherGroups(
      tx,
      cps.map((c) => c.id),
      groupId,
    );
    if (taken.length) {
      throw refusal(409, 'smartCharging.alreadyInGroup', 'body.chargePointIds', {
        chargePoints: named(taken.map((t) => `${t.chargePointId} (${t.groupName})`)),
      });
    }
    return cps;
  }

  private view(r: Found, m: { chargePointIds: string[]; activeSessions: number }): SmartChargingGroup {
    const g = r.g;
    return {
      id: g.id,
      name: g.name,
      operatorId: g.operatorId,
      operatorName: r.operatorName,
      chargingRateUnit: g.chargingRateUnit as ChargingRateUnit,
      mode: g.mode as SmartChargingMode,
      maxPower: g.maxPower,
      minPerSession: g.minPerSession,
      phases: g.phases,
      schedule: g.schedule,
      timeZone: g.timeZone,
      currentLimit: limitAt(g, this.d.clock.now()),
      chargePointCount: m.chargePointIds.length,
      chargePointIds: m.chargePointIds,
      activeSessions: m.activeSessions,
      createdAt: g.createdAt.toISOString(),
      updatedAt: g.updatedAt.toISOString(),
    };
  }

  private later(job: () => Promise<void>) {
    setImmediate(() => {
      job().catch((err: unknown) => this.d.log.error({ err }, 'smart charging step failed'));
    });
  }
}

function settingsOf(b: {
  name: string;
  operatorId: number;
  chargingRateUnit: string;
  mode: string;
  maxPower: number;
  minPerSession: number;
  phases: number;
  schedule: { from: string; limit: number }[];
  timeZone: string;
}) {
  return {
    name: b.name,
    operatorId: b.operatorId,
    chargingRateUnit: b.chargingRateUnit,
    mode: b.mode,
    maxPower: b.maxPower,
    minPerSession: b.minPerSession,
    phases: b.phases,
    schedule: [...b.schedule].sort((x, y) => x.from.localeCompare(y.from)),
    timeZone: b.timeZone,
  };
}

function checkTimeZone(tz: string) {
  if (!validTimeZone(tz)) throw refusal(400, 'smartCharging.badTimeZone', 'body.timeZone');
}

const round = (v: number) => Math.round(v * 100) / 100;

function scheduleOf(answer: Record<string, unknown>): CompositeScheduleResult['schedule'] {
  const s = answer.chargingSchedule as
    | {
        startSchedule?: string;
        duration?: number;
        chargingRateUnit?: string;
        chargingSchedulePeriod?: { startPeriod: number; limit: number; numberPhases?: number }[];
      }
    | undefined;
  if (!s) return null;
  return {
    startSchedule:
      s.startSchedule ?? (typeof answer.scheduleStart === 'string' ? answer.scheduleStart : null),
    duration: s.duration ?? null,
    chargingRateUnit: s.chargingRateUnit ?? 'A',
    periods: (s.chargingSchedulePeriod ?? []).map((p) => ({
      startPeriod: p.startPeriod,
      limit: p.limit,
      numberPhases: p.numberPhases ?? null,
    })),
  };
}
