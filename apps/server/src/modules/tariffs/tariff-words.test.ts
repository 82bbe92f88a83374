import { describe, expect, it } from 'vitest';
import { componentsFromLegacy, describeTariff, moneyWords, TariffComponents } from '@voltline/contract';

const every = TariffComponents.parse({
  elements: [
    {
      priceComponents: [{ type: 'PARKING_TIME', price: 600, graceMinutes: 15 }],
    },
    {
      priceComponents: [{ type: 'FLAT', price: 150 }],
    },
    {
      priceComponents: [{ type: 'ENERGY', price: 450 }],
      restrictions: { startTime: '22:00', endTime: '06:00', dayOfWeek: ['SATURDAY', 'SUNDAY'] },
    },
    {
      priceComponents: [
        { type: 'TIME', price: 1_200 },
        { type: 'ENERGY', price: 890 },
      ],
    },
  ],
});

describe('a tariff in words', () => {
  it('says the price in AFIR order in English: per kWh, per minute, per session, then parking', () => {
    expect(describeTariff(every, 'EUR', 'en')).toEqual([
      '€4.50 per kWh (22:00–06:00, Sat, Sun)',
      '€8.90 per kWh',
      '€0.20 per minute of charging',
      '€1.50 per session',
      'parking €0.10 per minute after charging (the first 15 min free)',
    ]);
  });

  it('says it in Turkish', () => {
    expect(describeTariff(every, 'TRY', 'tr')).toEqual([
      'kWh başına ₺4,50 (22:00–06:00, Cmt, Paz)',
      'kWh başına ₺8,90',
      'şarj dakikası başına ₺0,20',
      'oturum başına ₺1,50',
      'şarj bittikten sonra park dakikası başına ₺0,10 (ilk 15 dk ücretsiz)',
    ]);
  });

  it('shows the price with and without VAT', () => {
    const energy = TariffComponents.parse({
      elements: [{ priceComponents: [{ type: 'ENERGY', price: 1_200 }] }],
    });
    expect(describeTariff(energy, 'EUR', 'en', { vatRate: 2000, pricesIncludeVat: true })).toEqual([
      '€12.00 per kWh (incl. 20% VAT, €10.00 excl. VAT)',
    ]);
    expect(describeTariff(energy, 'TRY', 'tr', { vatRate: 2000, pricesIncludeVat: false })).toEqual([
      'kWh başına ₺12,00 (%20 KDV eklenir: ₺14,40)',
    ]);
  });

  it('writes money as the portal does, the sign before the figure in either language', () => {
    const energy = TariffComponents.parse({
      elements: [{ priceComponents: [{ type: 'ENERGY', price: 850 }] }],
    });
    expect(describeTariff(energy, 'TRY', 'en')).toEqual(['₺8.50 per kWh']);
    expect(describeTariff(energy, 'USD', 'en')).toEqual(['$8.50 per kWh']);
    expect(moneyWords(850, 'TRY', 'en')).toBe('₺8.50');
    expect(moneyWords(123_456, 'TRY', 'tr')).toBe('₺1.234,56');
  });

  it("writes money by its code, in plain ASCII spaces, for a charger's display", () => {
    const energy = TariffComponents.parse({
      elements: [{ priceComponents: [{ type: 'ENERGY', price: 850 }] }],
    });
    const vat = { vatRate: 2000, pricesIncludeVat: true };
    expect(describeTariff(energy, 'TRY', 'en', vat, 'code')).toEqual([
      'TRY 8.50 per kWh (incl. 20% VAT, TRY 7.0833 excl. VAT)',
    ]);
    expect(describeTariff(energy, 'TRY', 'tr', undefined, 'code')).toEqual(['kWh başına TRY 8,50']);
    expect(moneyWords(1234, 'EUR', 'en', 'code')).toBe('EUR 12.34');
  });

  it('says an old limit tariff and a free one plainly', () => {
    const limit = componentsFromLegacy({
      paymentType: 'Prepaid',
      pricePerKwh: 850,
      limitKwh: 20,
      overLimitPricePerKwh: 1_200,
      fixedPrice: 0,
    });
    expect(describeTariff(limit, 'EUR', 'en')).toEqual(['€8.50 per kWh (up to 20 kWh)', '€12.00 per kWh']);
    expect(describeTariff({ elements: [] }, 'TRY', 'tr')).toEqual(['Ücretsiz']);
  });
});
