import type { ChargingRateUnit, SmartChargingMode } from '@voltline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { allocate, type AllocationInput } from './allocation.js';
import { ceilingsOf, underCeilings } from './external-limits.js';
import * as repo from './smart-charging.repository.js';
import { limitAt, wattsPer } from './schedule.js';
import { sendProfile, STACK_LEVEL, type Planned, type Purpose, type Send } from './profile-send.js';

export type { Send } from './profile-send.js';

/** Defaults where neither the connector nor the charger says its maximum. */
const DEFAULT_MAX = { A: 32, W: 22_000 } as const;
/** A limit is sent only when it moves by at least this much. */
const SEND_STEP = { A: 0.5, W: 100 } as const;
/** Limits are rounded down to this. */
const ROUND_STEP = { A: 0.1, W: 10 } as const;
/** A car counts as drawing less than its limit below this part of it. */
const UNDER_USE = 0.8;
/** Measured power is trusted this long after the limit was sent (the car needs time to follow). */
const SETTLE_MS = 30_000;
/** A charger that rejected, failed or does not support profiles is asked again after this. */
const RETRY_MS = 60_000;
const NOT_SUPPORTED_RETRY_MS = 600_000;
/** How long a charger's group is taken as known without reading it again (see `groupOf`). */
const GROUP_CACHE_MS = 300_000;

export interface BalancerOptions {
  db: Db;
  clock: Clock;
  send: Send;
  log: FastifyBaseLogger;
  /** At most one power sample per group this often. */
  sampleEveryMs?: number;
  /** Samples older than this are deleted. */
  sampleRetentionMs?: number;
}

/**
 * Voltline's load balancer: divides each group's limit among its connectors and sends every
 * connector whose limit moved a SetChargingProfile. One run at a time per group; a nudge during a
 * run makes one more run after it.
 */
export class Balancer {
  private readonly running = new Map<number, { again: boolean; done: Promise<void> }>();
  private lastPrune = 0;
  /**
   * Each charger's group (or none), as nudges read it: MeterValues nudge their charger's group, and
   * looking the group up was the most frequent statement under charger traffic. Forgotten when a
   * group's members change here (`membersChanged`), and after `GROUP_CACHE_MS` in any case, so a
   * change made by another Voltline process is seen within that time.
   */
  private readonly groupOf = new Map<number, { groupId: number | null; until: number }>();
  /** Counts membership changes: a group read that a change overtook is not cached. */
  private membership = 0;

  constructor(private readonly o: BalancerOptions) {}

  /** Groups were created, deleted or had members added or removed: read every charger's group anew. */
  membersChanged(): void {
    this.groupOf.clear();
    this.membership += 1;
  }

  /** Balances the group soon; returns at once. */
  nudge(groupId: number): void {
    const run = this.running.get(groupId);
    if (run) {
      run.again = true;
      return;
    }
    const state = { again: false, done: Promise.resolve() };
    state.done = (async () => {
      try {
        do {
          state.again = false;
          try {
            await this.balance(groupId);
          } catch (err) {
            this.o.log.error({ err, groupId }, 'smart charging balance failed');
          }
        } while (state.again);
      } finally {
        this.running.delete(groupId);
      }
    })();
    this.running.set(groupId, state);
  }

  /** The group of the charger, balanced soon (OCPP events). */
  async nudgeChargePoint(chargePointDbId: number): Promise<void> {
    const now = Date.now();
    const cached = this.groupOf.get(chargePointDbId);
    let groupId: number | null;
    if (cached && cached.until > now) groupId = cached.groupId;
    else {
      const before = this.membership;
      groupId = await repo.groupOfChargePoint(this.o.db, chargePointDbId);
      // Members changed while it was read (a charger joining a group as it connects): the answer
      // may be the old one, so it is used once and not kept for minutes.
      if (before === this.membership)
        this.groupOf.set(chargePointDbId, { groupId, until: now + GROUP_CACHE_MS });
    }
    if (groupId !== null) this.nudge(groupId);
  }

  /** Resolves when no run is going on for the group (tests, shutdown). */
  async settled(groupId: number): Promise<void> {
    while (this.running.get(groupId)) await this.running.get(groupId)?.done;
  }

  /** The periodic pass: schedule boundaries, measured power, samples, pruning. */
  async tick(): Promise<void> {
    for (const id of await repo.groupsWithMembers(this.o.db)) this.nudge(id);
    const now = this.o.clock.now().getTime();
    if (now - this.lastPrune > 3_600_000) {
      this.lastPrune = now;
      const keep = this.o.sampleRetentionMs ?? 7 * 86_400_000;
      await repo.pruneSamples(this.o.db, new Date(now - keep));
    }
  }

  /**
   * Removes the profiles Voltline set on chargers that left a group (or whose group was deleted):
   * every TxDefaultProfile and TxProfile at the balancer's stack level.
   */
  async clear(cps: { id: number; chargePointId: string }[]): Promise<void> {
    await Promise.all(
      cps.flatMap((cp) =>
        (['TxDefaultProfile', 'TxProfile'] as const).map((purpose) =>
          this.o
            .send(cp, 'ClearChargingProfile', { chargingProfilePurpose: purpose, stackLevel: STACK_LEVEL })
            .then(async (r) => {
              if (r.ok) await repo.forgetProfiles(this.o.db, cp.id, purpose, STACK_LEVEL);
            })
            .catch((err: unknown) => this.o.log.warn({ err, cp: cp.chargePointId }, 'profile clear failed')),
        ),
      ),
    );
  }

  private async balance(groupId: number): Promise<void> {
    const { db } = this.o;
    const found = await repo.findGroup(db, null, groupId);
    if (!found) return;
    const g = found.g;
    const unit = g.chargingRateUnit as ChargingRateUnit;
    const wpu = wattsPer(unit, g.phases);
    const now = this.o.clock.now();
    const limit = limitAt(g, now);
    const st = await repo.groupState(db, groupId);
    const chargers = new Map(st.chargers.map((c) => [c.id, c]));
    const allocs = new Map(st.allocations.map((a) => [`${a.chargePointId}:${a.connectorId}`, a]));
    const sessions = new Map<string, (typeof st.sessions)[number]>();
    for (const s of st.sessions) {
      const key = `${s.chargePointId}:${s.connectorId}`;
      if (!sessions.has(key)) sessions.set(key, s);
    }

    const inputs: AllocationInput[] = [];
    const info = new Map<string, { cp: repo.MemberCharger; connectorId: number; maximum: number }>();
    for (const c of st.connectors) {
      const cp = chargers.get(c.chargePointId);
      if (!cp) continue;
      const key = `${c.chargePointId}:${c.connectorId}`;
      const maximum = maximumOf(c.maximumPower, cp, unit, g.phases);
      const a = allocs.get(key);
      const s = sessions.get(key);
      const unbounded =
        !cp.connected || a?.state === 'Rejected' || a?.state === 'NotSupported' || a?.state === 'failed';
      let demand: number | undefined;
      if (
        s &&
        s.lastPowerW !== null &&
        a?.state === 'Accepted' &&
        a.purpose === 'TxProfile' &&
        a.transactionId === s.id &&
        a.limit !== null &&
        a.sentAt &&
        now.getTime() - a.sentAt.getTime() >= SETTLE_MS &&
        s.lastPowerW / wpu < UNDER_USE * a.limit
      ) {
        const headroom = unit === 'A' ? 1 : 230 * g.phases;
        demand = Math.max(g.minPerSession, (s.lastPowerW / wpu) * 1.1 + headroom);
      }
      inputs.push({
        key,
        maximum,
        charging: s !== undefined,
        startedAt: s?.startedAt.getTime(),
        demand,
        unbounded,
      });
      info.set(key, { cp, connectorId: c.connectorId, maximum });
    }
    // Limits Voltline did not set (an energy manager's, the grid operator's, the car's) bound the shares.
    const ceilings = await ceilingsOf(db, st.connectors, sessions, { unit, phases: g.phases }, now);
    const result = allocate(
      { limit, minPerSession: g.minPerSession, mode: g.mode as SmartChargingMode, step: ROUND_STEP[unit] },
      underCeilings(inputs, ceilings),
    );

    const plans: Planned[] = [];
    const reserves: Parameters<typeof repo.upsertAllocation>[1][] = [];
    for (const input of inputs) {
      const { cp, connectorId, maximum } = info.get(input.key)!;
      const got = result.get(input.key) ?? { limit: 0, reserved: 0 };
      const a = allocs.get(input.key);
      const s = sessions.get(input.key);
      const base = { groupId, chargePointId: cp.id, connectorId, reserved: got.reserved };
      // Rows are written only when something changed: the tick runs every few seconds.
      const sameReserve =
        a !== undefined && Math.abs(a.reserved - got.reserved) < 1e-6 && a.groupId === groupId;
      if (!cp.connected) {
        if (sameReserve && a.state === 'offline') continue;
        reserves.push({ ...base, state: 'offline', detail: a?.state === 'offline' ? a.detail : null });
        continue;
      }
      const purpose: Purpose = s ? 'TxProfile' : 'TxDefaultProfile';
      const txOk =
        s !== undefined && a?.purpose === 'TxProfile' && a.transactionId === s.id && a.state === 'Accepted';
      const before = txOk ? (a.limit ?? maximum) : (a?.defaultLimit ?? maximum);
      const current = s ? (txOk ? a.limit : null) : a?.defaultLimit;
      const retryAfter = a?.state === 'NotSupported' ? NOT_SUPPORTED_RETRY_MS : RETRY_MS;
      const refused = input.unbounded;
      // A refusing charger is asked again after a while, and at once for a new session.
      const due = refused
        ? !a?.sentAt ||
          now.getTime() - a.sentAt.getTime() >= retryAfter ||
          a.purpose !== purpose ||
          (s !== undefined && a.transactionId !== s.id)
        : current === null ||
          current === undefined ||
          a?.state !== 'Accepted' ||
          Math.abs(current - got.limit) >= SEND_STEP[unit] - 1e-9;
      if (due) {
        const lower = txOk && a.sentAt !== null && got.limit < (a.limit ?? Infinity);
        plans.push({
          cp,
          connectorId,
          purpose,
          transactionId: s?.id ?? null,
          limit: got.limit,
          before,
          ...(lower ? { settledSince: a.sentAt! } : {}),
        });
      }
      if (!sameReserve) reserves.push({ ...base, ...(a ? {} : { state: null }) });
    }
    // One transaction: whoever reads the group never sees one connector's new share beside
    // another's old one (a sum over the limit).
    if (reserves.length > 0)
      await db.transaction(async (tx) => {
        for (const r of reserves) await repo.upsertAllocation(tx, r);
      });

    // Decreases first; the increases only once every decrease was accepted, so the connectors'
    // sum never passes the limit. A refused decrease makes its connector unbounded: run again.
    const down = plans.filter((p) => p.limit < p.before - 1e-9);
    const up = plans.filter((p) => p.limit >= p.before - 1e-9);
    const downOk = await Promise.all(down.map((p) => sendProfile(this.o, groupId, g.phases, unit, p)));
    if (downOk.every(Boolean))
      await Promise.all(up.map((p) => sendProfile(this.o, groupId, g.phases, unit, p)));
    else this.nudgeLater(groupId);

    await repo.markBalanced(db, groupId, now);
    await this.sample(
      groupId,
      limit * wpu,
      [...result.values()].reduce((s, r) => s + r.reserved, 0) * wpu,
      st,
    );
  }

  private nudgeLater(groupId: number) {
    const run = this.running.get(groupId);
    if (run) run.again = true;
  }

  private async sample(
    groupId: number,
    limitW: number,
    allocatedW: number,
    st: Awaited<ReturnType<typeof repo.groupState>>,
  ) {
    const now = this.o.clock.now();
    const last = await repo.lastSampleAt(this.o.db, groupId);
    if (last && now.getTime() - last.getTime() < (this.o.sampleEveryMs ?? 15_000)) return;
    const seen = new Set<string>();
    let measuredW = 0;
    for (const s of st.sessions) {
      const key = `${s.chargePointId}:${s.connectorId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      measuredW += s.lastPowerW ?? 0;
    }
    await repo.insertSample(this.o.db, { groupId, at: now, limitW, allocatedW, measuredW });
  }
}

/** The connector's maximum in the group's unit: its own (W), else the charger's (W or A), else a default. */
export function maximumOf(
  connectorMaxW: number | null,
  cp: { maxPower: number | null; powerUnit: string },
  unit: ChargingRateUnit,
  phases: number,
): number {
  const wpu = wattsPer(unit, phases);
  if (connectorMaxW !== null && connectorMaxW > 0) return connectorMaxW / wpu;
  if (cp.maxPower !== null && cp.maxPower > 0) {
    const w = cp.powerUnit === 'A' ? cp.maxPower * wattsPer('A', phases) : cp.maxPower;
    return w / wpu;
  }
  return DEFAULT_MAX[unit];
}
