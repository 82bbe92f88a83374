import { describe, expect, it } from 'vitest';
import { allocate, type AllocationInput, type AllocationSettings } from './allocation.js';
import { limitAt } from './schedule.js';

const settings = (o: Partial<AllocationSettings> = {}): AllocationSettings => ({
  limit: 32,
  minPerSession: 6,
  mode: 'equal',
  step: 0.1,
  ...o,
});
const car = (key: string, o: Partial<AllocationInput> = {}): AllocationInput => ({
  key,
  maximum: 32,
  charging: true,
  startedAt: Number(key.replace(/\D/g, '')) || 0,
  unbounded: false,
  ...o,
});
const limits = (m: Map<string, { limit: number }>) =>
  Object.fromEntries([...m].map(([k, v]) => [k, v.limit]));
const reservedSum = (m: Map<string, { reserved: number }>) =>
  [...m.values()].reduce((s, v) => s + v.reserved, 0);

describe('dividing a group limit', () => {
  it('gives three charging connectors a third each in equal mode, rounded down so the sum stays within', () => {
    const r = allocate(settings(), [car('a1'), car('b2'), car('c3')]);
    expect(limits(r)).toEqual({ a1: 10.6, b2: 10.6, c3: 10.6 });
    expect(reservedSum(r)).toBeLessThanOrEqual(32);
  });

  it('never gives a connector more than its own maximum; the rest goes to the others', () => {
    const r = allocate(settings({ limit: 40 }), [car('a1', { maximum: 10 }), car('b2'), car('c3')]);
    expect(limits(r)).toEqual({ a1: 10, b2: 15, c3: 15 });
  });

  it('gives what a car leaves unused (its measured demand) to the others', () => {
    const r = allocate(settings(), [car('a1', { demand: 7 }), car('b2'), car('c3')]);
    expect(limits(r)).toEqual({ a1: 7, b2: 12.5, c3: 12.5 });
  });

  it('in arrival mode, gives everyone the minimum and the rest to the earliest sessions first', () => {
    const r = allocate(settings({ mode: 'arrival', limit: 40 }), [
      car('c3', { startedAt: 3 }),
      car('a1', { startedAt: 1 }),
      car('b2', { startedAt: 2 }),
    ]);
    expect(limits(r)).toEqual({ a1: 28, b2: 6, c3: 6 });
  });

  it('in arrival mode, the second session gets what the first cannot use', () => {
    const r = allocate(settings({ mode: 'arrival', limit: 40 }), [
      car('a1', { startedAt: 1, maximum: 16 }),
      car('b2', { startedAt: 2 }),
      car('c3', { startedAt: 3 }),
    ]);
    expect(limits(r)).toEqual({ a1: 16, b2: 18, c3: 6 });
  });

  it('keeps an unbounded connector (rejected, offline) at its maximum and shares only the rest', () => {
    const r = allocate(settings({ limit: 48 }), [
      car('a1', { unbounded: true, maximum: 16 }),
      car('b2'),
      car('c3'),
    ]);
    expect(r.get('a1')).toEqual({ limit: 16, reserved: 16 });
    expect(limits(r)).toMatchObject({ b2: 16, c3: 16 });
    expect(reservedSum(r)).toBeLessThanOrEqual(48);
  });

  it('gives 0 to the latest sessions when the budget cannot give everyone the minimum', () => {
    const r = allocate(settings({ limit: 14 }), [car('a1'), car('b2'), car('c3')]);
    expect(limits(r)).toEqual({ a1: 7, b2: 7, c3: 0 });
    expect(reservedSum(r)).toBeLessThanOrEqual(14);
  });

  it('holds nothing back for idle connectors while running sessions can use it', () => {
    const r = allocate(settings(), [car('a1'), car('b2'), car('idle9', { charging: false })]);
    expect(limits(r)).toEqual({ a1: 16, b2: 16, idle9: 0 });
  });

  it('does not let many idle connectors starve the cars that charge', () => {
    const idle = Array.from({ length: 17 }, (_, i) => car(`i${i + 10}`, { charging: false }));
    const r = allocate(settings({ limit: 63 }), [car('a1'), car('b2'), car('c3'), ...idle]);
    expect(limits(r)).toMatchObject({ a1: 21, b2: 21, c3: 21 });
    expect(idle.every((c) => r.get(c.key)?.limit === 0)).toBe(true);
  });

  it('gives idle connectors what the sessions leave, at most the minimum each', () => {
    const r = allocate(settings({ limit: 40 }), [
      car('a1', { maximum: 16 }),
      car('b2', { maximum: 16 }),
      car('i8', { charging: false }),
      car('i9', { charging: false }),
    ]);
    expect(limits(r)).toEqual({ a1: 16, b2: 16, i8: 4, i9: 4 });
    const roomy = allocate(settings({ limit: 64 }), [
      car('a1', { maximum: 16 }),
      car('i9', { charging: false }),
    ]);
    expect(limits(roomy)).toEqual({ a1: 16, i9: 6 });
  });

  it('never passes the limit, whatever the mix', () => {
    for (let seed = 1; seed < 200; seed++) {
      const rnd = (n: number) => ((seed * 9301 + n * 49297) % 233280) / 233280;
      const inputs = Array.from({ length: 1 + (seed % 7) }, (_, i) =>
        car(`c${i}`, {
          maximum: 6 + Math.round(rnd(i) * 40),
          charging: rnd(i + 10) > 0.3,
          demand: rnd(i + 20) > 0.7 ? rnd(i + 30) * 20 : undefined,
          unbounded: rnd(i + 40) > 0.9,
        }),
      );
      const limit = 10 + Math.round(rnd(99) * 100);
      const mode = seed % 2 ? 'equal' : 'arrival';
      const r = allocate(settings({ limit, mode }), inputs);
      const unboundedSum = inputs.filter((i) => i.unbounded).reduce((s, i) => s + i.maximum, 0);
      const bounded = inputs
        .filter((i) => !i.unbounded)
        .reduce((s, i) => s + (r.get(i.key)?.reserved ?? 0), 0);
      expect(bounded).toBeLessThanOrEqual(Math.max(0, limit - unboundedSum) + 1e-6);
      for (const i of inputs) expect(r.get(i.key)!.limit).toBeLessThanOrEqual(i.maximum + 1e-9);
    }
  });
});

describe('the schedule', () => {
  const g = {
    maxPower: 63,
    timeZone: 'Europe/Istanbul',
    schedule: [
      { from: '22:00', limit: 63 },
      { from: '17:00', limit: 40 },
    ],
  };
  it('applies the period in force in the group time zone, and maxPower before the first period', () => {
    expect(limitAt(g, new Date('2026-01-05T10:00:00Z'))).toBe(63); // 13:00 in İstanbul
    expect(limitAt(g, new Date('2026-01-05T14:00:00Z'))).toBe(40); // 17:00
    expect(limitAt(g, new Date('2026-01-05T18:59:00Z'))).toBe(40); // 21:59
    expect(limitAt(g, new Date('2026-01-05T19:00:00Z'))).toBe(63); // 22:00
  });
});
