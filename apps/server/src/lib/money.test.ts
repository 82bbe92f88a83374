import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.js';

// Server notices said "40.00 TRY" where the portal showed "₺40.00".
describe('money in notices', () => {
  it('reads as the portal shows it, in each language', () => {
    expect(formatMoney('en', 4_000, 'TRY')).toBe('₺40.00');
    expect(formatMoney('tr', 123_456, 'TRY')).toBe('₺1.234,56');
    expect(formatMoney('en', 45, 'EUR')).toBe('€0.45');
  });
});
