import { describe, expect, it } from 'vitest';
import { allocate, type AllocationInput } from './allocation.js';
import { underCeilings } from './external-limits.js';

// K12/K15: a ceiling Voltline did not choose (an external system's limit, the car's maximum) bounds
// the allocation, whichever connectors it covers, and what it frees goes to the others.

const settings = { limit: 64, minPerSession: 6, mode: 'equal' as const, step: 0.1 };
const input = (key: string, charging: boolean, extra: Partial<AllocationInput> = {}): AllocationInput => ({
  key,
  maximum: 32,
  charging,
  startedAt: 0,
  unbounded: false,
  ...extra,
});
const total = (m: Map<string, { reserved: number }>, keys: string[]) =>
  keys.reduce((s, k) => s + (m.get(k)?.reserved ?? 0), 0);

describe('the balancer under external limits', () => {
  it('K12 an EVSE’s external limit caps its share; the rest goes to the others', () => {
    const inputs = [input('1:1', true), input('2:1', true), input('3:1', true)];
    const out = allocate(settings, underCeilings(inputs, [{ keys: ['1:1'], limit: 10 }]));
    expect(out.get('1:1')?.limit).toBe(10);
    expect(out.get('2:1')?.limit).toBe(27);
    expect(out.get('3:1')?.limit).toBe(27);
  });

  it('K12 a whole charger’s external limit bounds the sum of its connectors, idle ones included', () => {
    const inputs = [input('1:1', true), input('1:2', true), input('1:3', false), input('2:1', true)];
    const out = allocate(settings, underCeilings(inputs, [{ keys: ['1:1', '1:2', '1:3'], limit: 20 }]));
    expect(total(out, ['1:1', '1:2', '1:3'])).toBeLessThanOrEqual(20);
    expect(out.get('1:3')?.limit).toBe(0);
    expect(out.get('2:1')?.limit).toBe(32);
  });

  it('K12 an idle charger under a limit shares it among its connectors', () => {
    const inputs = [input('1:1', false), input('1:2', false)];
    const out = allocate(settings, underCeilings(inputs, [{ keys: ['1:1', '1:2'], limit: 8 }]));
    expect(total(out, ['1:1', '1:2'])).toBeLessThanOrEqual(8);
  });

  it('K12 a charger that refuses profiles is counted at no more than its external limit', () => {
    const inputs = [input('1:1', true, { unbounded: true }), input('2:1', true)];
    const out = allocate(settings, underCeilings(inputs, [{ keys: ['1:1'], limit: 12 }]));
    expect(out.get('1:1')?.reserved).toBe(12);
    expect(out.get('2:1')?.limit).toBe(32);
  });

  it('K15 the car’s maximum and an external limit together: the lower one holds', () => {
    const inputs = [input('1:1', true)];
    const out = allocate(
      settings,
      underCeilings(inputs, [
        { keys: ['1:1'], limit: 16 },
        { keys: ['1:1'], limit: 12 },
      ]),
    );
    expect(out.get('1:1')?.limit).toBe(12);
  });

  it('K12 a limit of zero stops the share', () => {
    const out = allocate(settings, underCeilings([input('1:1', true)], [{ keys: ['1:1'], limit: 0 }]));
    expect(out.get('1:1')?.limit).toBe(0);
  });
});
