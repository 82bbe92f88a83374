import { describe, expect, it } from 'vitest';
import { convertShown, formatInUnit, formatKw, sharePercent, shownUnit, toSent, toShown } from './units';

describe('smart-charging units', () => {
  it('shows W as kW and sends what was typed in kW as whole W', () => {
    expect(shownUnit('W')).toBe('kW');
    expect(shownUnit('A')).toBe('A');
    expect(toShown(22_080, 'W')).toBe(22.08);
    expect(toSent(22.08, 'W')).toBe(22_080);
    expect(toSent(7.4, 'W')).toBe(7_400);
  });

  it('keeps amperes as they are, to a tenth', () => {
    expect(toShown(32, 'A')).toBe(32);
    expect(toSent(10.666, 'A')).toBe(10.7);
  });

  it('formats a value in the group unit and measured power in kW', () => {
    expect(formatInUnit(10.666_7, 'A', 'en')).toBe('10.7 A');
    expect(formatInUnit(7_360, 'W', 'en')).toBe('7.4 kW');
    expect(formatInUnit(7_360, 'W', 'tr')).toBe('7,4 kW');
    expect(formatInUnit(null, 'A', 'en')).toBe('—');
    expect(formatKw(11_040, 'en')).toBe('11 kW');
    expect(formatKw(null, 'en')).toBe('—');
  });

  it('carries a typed value over a change of unit at 230 V and the group phases', () => {
    expect(convertShown(32, 'A', 'W', 3)).toBe(22.1);
    expect(convertShown(22.08, 'W', 'A', 3)).toBe(32);
    expect(convertShown(16, 'A', 'W', 1)).toBe(3.7);
    expect(convertShown(16, 'A', 'A', 3)).toBe(16);
  });

  it('gives the share of the limit as a whole percentage between 0 and 100', () => {
    expect(sharePercent(16, 32)).toBe(50);
    expect(sharePercent(40, 32)).toBe(100);
    expect(sharePercent(5, 0)).toBe(0);
  });
});
