import type { SmartChargingMode } from '@voltline/contract';

/** One connector as the allocation sees it; every figure is in the group's unit (A or W). */
export interface AllocationInput {
  key: string;
  /** The connector's own maximum. */
  maximum: number;
  /** A running session: it gets a share. Otherwise the connector is idle. */
  charging: boolean;
  /** When the session started (arrival order); ignored for idle connectors. */
  startedAt?: number;
  /**
   * The most the car is drawing room for: set when measured power shows it uses clearly less than
   * its limit, so what it leaves goes to the others. Undefined: it may use its whole share.
   */
  demand?: number | undefined;
  /**
   * The charger rejected its profile, does not support them, or is offline: Voltline cannot bound
   * it, so its maximum is kept in reserve.
   */
  unbounded: boolean;
}

export interface AllocationSettings {
  /** The group's limit now. */
  limit: number;
  minPerSession: number;
  mode: SmartChargingMode;
  /** Limits are rounded down to this step (0.1 A, 10 W) so rounding never adds up past the limit. */
  step: number;
}

export interface Allocation {
  /** The limit to send: a TxProfile for a charging connector, a TxDefaultProfile for an idle one. */
  limit: number;
  /** What the balancer counts for the connector. */
  reserved: number;
}

const down = (v: number, step: number) =>
  Math.max(0, Math.round(Math.floor(v / step + 1e-9) * step * 1e6) / 1e6);

/**
 * Divides the group's limit among its connectors. The sum of `reserved` never passes the limit
 * unless the unbounded connectors alone do (then every other connector gets 0).
 *
 * 1. Unbounded connectors are counted at their maximum (and asked for it, should they accept).
 * 2. Every charging connector is owed the minimum (in arrival order while the budget lasts; one
 *    the budget cannot give its minimum gets 0, as less than the minimum does not charge).
 * 3. The rest goes to the charging connectors: equal mode fills them level (water-filling, none
 *    above its maximum or its demand); arrival mode fills the earliest first.
 * 4. Idle connectors get what the sessions leave, each at most the minimum, so a new session
 *    starts within budget. Capacity is never held back from running sessions for cars that may
 *    come: a site with many idle connectors would otherwise starve the cars it has. A car that
 *    arrives at a connector left 0 is given its share by the run its StartTransaction causes.
 */
export function allocate(settings: AllocationSettings, inputs: AllocationInput[]): Map<string, Allocation> {
  const { step, mode } = settings;
  const out = new Map<string, Allocation>();
  let budget = settings.limit;
  for (const c of inputs.filter((i) => i.unbounded)) {
    out.set(c.key, { limit: c.maximum, reserved: c.maximum });
    budget -= c.maximum;
  }
  budget = Math.max(0, budget);
  const bounded = inputs.filter((i) => !i.unbounded);
  const charging = bounded
    .filter((i) => i.charging)
    .sort((a, b) => (a.startedAt ?? 0) - (b.startedAt ?? 0) || a.key.localeCompare(b.key));
  const idle = bounded.filter((i) => !i.charging);
  const cap = (c: AllocationInput) => Math.max(0, Math.min(c.maximum, c.demand ?? Infinity));
  const minOf = (c: AllocationInput) => Math.min(settings.minPerSession, c.maximum);

  // 2. The minimum, earliest first.
  const given = new Map<string, number>();
  for (const c of charging) {
    const m = minOf(c);
    const g = budget + 1e-9 >= m ? m : 0;
    given.set(c.key, g);
    budget -= g;
  }
  // 3. The rest among those who got their minimum.
  let open = charging.filter((c) => (given.get(c.key) ?? 0) > 0 && cap(c) > (given.get(c.key) ?? 0));
  if (mode === 'arrival') {
    for (const c of open) {
      const more = Math.min(budget, cap(c) - (given.get(c.key) ?? 0));
      given.set(c.key, (given.get(c.key) ?? 0) + more);
      budget -= more;
    }
  } else {
    // Level filling: raise everyone open to the same level, capped ones drop out and their
    // unused part goes round again.
    while (open.length > 0 && budget > 1e-9) {
      const level = Math.min(
        ...open.map((c) => cap(c)),
        (budget + open.reduce((s, c) => s + (given.get(c.key) ?? 0), 0)) / open.length,
      );
      let spent = 0;
      for (const c of open) {
        const g = given.get(c.key) ?? 0;
        if (level > g) {
          given.set(c.key, level);
          spent += level - g;
        }
      }
      budget -= spent;
      const before = open.length;
      open = open.filter((c) => cap(c) - (given.get(c.key) ?? 0) > 1e-9);
      if (open.length === before) break;
    }
  }
  for (const c of charging) {
    const l = down(given.get(c.key) ?? 0, step);
    out.set(c.key, { limit: l, reserved: l });
    budget += (given.get(c.key) ?? 0) - l;
  }
  // 4. Idle connectors: what is left, at most the minimum each.
  if (idle.length > 0) {
    const each = down(Math.min(settings.minPerSession, Math.max(0, budget) / idle.length), step);
    for (const c of idle) {
      const l = Math.min(each, c.maximum);
      out.set(c.key, { limit: l, reserved: l });
    }
  }
  return out;
}
