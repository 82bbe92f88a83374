import { describe, expect, it } from 'vitest';
import { formatMoney, toMinor } from './money';

describe('driver money', () => {
  it('shows minor units as currency with two decimals per language', () => {
    expect(formatMoney(123456, 'TRY', 'en')).toBe('₺1,234.56');
    expect(formatMoney(-5000, 'TRY', 'tr')).toBe('-₺50,00');
    expect(formatMoney(7, 'EUR', 'en')).toBe('€0.07');
  });

  it('turns a typed amount into minor units without float drift', () => {
    expect(toMinor(12.5)).toBe(1250);
    expect(toMinor(0.29)).toBe(29);
    expect(toMinor(-19.99)).toBe(-1999);
  });
});
