import { describe, expect, it } from 'vitest';
import { describeTariff, TariffComponents } from '@voltline/contract';
import {
  currencySymbol,
  decimalSeparator,
  formatDuration,
  formatKwh,
  formatMoney,
  formatPricePerKwh,
  toMajor,
  toMinor,
} from './billing-format';

// Intl puts a no-break space between number and symbol in some locales; compare on plain spaces.
const plain = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

describe('money and energy formatting', () => {
  it('shows minor units with two decimals and the currency, in the language', () => {
    expect(formatMoney(85050, 'TRY', 'en')).toBe('₺850.50');
    expect(formatMoney(85050, 'TRY', 'tr')).toBe('₺850,50');
    expect(formatMoney(123456789, 'EUR', 'tr')).toBe('€1.234.567,89');
    expect(formatMoney(7, 'USD', 'en')).toBe('$0.07');
    expect(formatMoney(0, 'TRY', 'en')).toBe('₺0.00');
    expect(formatMoney(-5000, 'TRY', 'tr')).toBe('-₺50,00');
  });

  it('converts between major and minor units without float drift', () => {
    expect(toMinor(8.51)).toBe(851);
    expect(toMinor(0.29)).toBe(29);
    expect(toMinor(1234.56)).toBe(123456);
    expect(toMajor(851)).toBe(8.51);
  });

  it('shows energy in kWh and prices per kWh', () => {
    expect(formatKwh(12345, 'en')).toBe('12.35 kWh');
    expect(formatKwh(1234567, 'tr')).toBe('1.234,57 kWh');
    expect(plain(formatPricePerKwh(850, 'TRY', 'en'))).toBe('₺8.50/kWh');
  });

  it("writes a tariff's price in words with the same money as the rest of the portal", () => {
    const c = TariffComponents.parse({
      elements: [
        {
          priceComponents: [
            { type: 'ENERGY', price: 850 },
            { type: 'FLAT', price: 250 },
          ],
        },
      ],
    });
    expect(describeTariff(c, 'TRY', 'en')).toEqual([
      `${formatMoney(850, 'TRY', 'en')} per kWh`,
      `${formatMoney(250, 'TRY', 'en')} per session`,
    ]);
    expect(describeTariff(c, 'TRY', 'tr')[0]).toBe(`kWh başına ${formatMoney(850, 'TRY', 'tr')}`);
    expect(describeTariff(c, 'EUR', 'en')[1]).toBe('€2.50 per session');
  });

  it('knows the currency sign and decimal separator for inputs', () => {
    expect(currencySymbol('TRY', 'tr')).toBe('₺');
    expect(currencySymbol('EUR', 'en')).toBe('€');
    expect(decimalSeparator('tr')).toBe(',');
    expect(decimalSeparator('en')).toBe('.');
  });

  it('shows durations as hours, minutes and seconds', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(3909)).toBe('1:05:09');
  });
});
