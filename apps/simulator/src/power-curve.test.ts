import { describe, expect, it } from 'vitest';
import { charge, chargingPower, type Vehicle } from './power-curve.js';
import { Scheduler } from './scheduler.js';

const car = (soc: number): Vehicle => ({ capacityWh: 60_000, soc, maxPowerW: 11_000, targetSoc: 100 });

describe('power curve', () => {
  it('ramps up, plateaus at the lower of connector and vehicle limits, and tapers above 80 % SoC', () => {
    expect(chargingPower(car(20), 22_000, 3)).toBeLessThan(2_000);
    expect(chargingPower(car(20), 22_000, 60)).toBe(11_000);
    expect(chargingPower(car(20), 7_000, 60)).toBe(7_000);
    const at85 = chargingPower(car(85), 22_000, 600);
    const at95 = chargingPower(car(95), 22_000, 600);
    expect(at85).toBeLessThan(11_000);
    expect(at95).toBeLessThan(at85);
    expect(chargingPower(car(100), 22_000, 600)).toBe(0);
  });

  it('never charges past 100 % and converts power and time to Wh', () => {
    const v = car(50);
    expect(charge(v, 3600, 3600)).toBe(3600);
    expect(v.soc).toBeCloseTo(56, 5);
    const full = car(99.9);
    expect(charge(full, 50_000, 3600)).toBeCloseTo(60, 5);
    expect(full.soc).toBe(100);
  });
});

describe('scheduler', () => {
  it('runs tasks in due order on one timer and skips cancelled ones', async () => {
    const s = new Scheduler();
    const ran: string[] = [];
    s.after(30, () => ran.push('c'));
    s.after(10, () => ran.push('a'));
    const cancelled = s.after(20, () => ran.push('x'));
    s.after(20, () => ran.push('b'));
    s.cancel(cancelled);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(s.size).toBe(0);
  });
});
