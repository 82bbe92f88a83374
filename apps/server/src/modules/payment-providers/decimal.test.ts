import { describe, expect, it } from 'vitest';
import { toDecimal, toMinor } from './decimal.js';

describe('amounts as iyzico writes them', () => {
  it('turns minor units into exact decimal strings and back', () => {
    expect(toDecimal(1999)).toBe('19.99');
    expect(toDecimal(5)).toBe('0.05');
    expect(toDecimal(30)).toBe('0.30');
    expect(toDecimal(2000)).toBe('20.00');
    expect(toDecimal(123456789)).toBe('1234567.89');
    expect(toMinor('19.99')).toBe(1999);
    expect(toMinor('20.0')).toBe(2000);
    expect(toMinor('20')).toBe(2000);
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor(0.3)).toBe(30);
    expect(toMinor(1.1)).toBe(110);
  });

  it('never goes through a float: 0.1 + 0.2 is 0.30', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(toDecimal(toMinor('0.1') + toMinor('0.2'))).toBe('0.30');
    // 1.15 * 100 is 114.99999999999999 in floating point.
    expect(toMinor('1.15')).toBe(115);
    expect(toMinor(1.15)).toBe(115);
  });

  it('refuses what is not an amount', () => {
    expect(() => toDecimal(19.5)).toThrow(/bad_request/);
    expect(() => toDecimal(-1)).toThrow(/bad_request/);
    expect(() => toMinor('19.999')).toThrow(/bad_request/);
    expect(() => toMinor('1e3')).toThrow(/bad_request/);
  });
});
