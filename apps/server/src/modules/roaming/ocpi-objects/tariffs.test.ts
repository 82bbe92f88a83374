import { describe, expect, it } from 'vitest';
import { priceExclVat, toOcpiTariff, type PublishedTariffRow } from './tariffs.js';

const identity = { countryCode: 'TR', partyId: 'VLT' };

const tariff = (over: Partial<PublishedTariffRow> = {}): PublishedTariffRow => ({
  id: 5,
  name: 'City AC',
  currency: 'EUR',
  paymentType: 'Postpaid',
  pricePerKwh: 0,
  limitKwh: null,
  overLimitPricePerKwh: null,
  fixedPrice: 0,
  components: {
    elements: [
      { priceComponents: [{ type: 'FLAT', price: 100, stepSize: 1 }] },
      {
        priceComponents: [
          { type: 'ENERGY', price: 45, stepSize: 1000 },
          { type: 'TIME', price: 120, stepSize: 60 },
        ],
        restrictions: {
          startTime: '08:00',
          endTime: '20:00',
          dayOfWeek: ['MONDAY', 'FRIDAY'],
          maxPowerKw: 22,
        },
      },
      { priceComponents: [{ type: 'ENERGY', price: 30, stepSize: 1 }] },
      {
        priceComponents: [{ type: 'PARKING_TIME', price: 600, stepSize: 300 }],
        restrictions: { minDurationSeconds: 3600 },
      },
    ],
  },
  validFrom: new Date('2026-01-01T00:00:00Z'),
  validTo: null,
  updatedAt: new Date('2026-06-01T12:00:00Z'),
  vatRate: 2000,
  pricesIncludeVat: false,
  ...over,
});

describe('OCPI tariff mapping', () => {
  it('writes energy, flat, time and parking prices in major units with VAT beside them', () => {
    const t = toOcpiTariff(identity, tariff());
    expect(t).toMatchObject({
      country_code: 'TR',
      party_id: 'VLT',
      id: '5',
      currency: 'EUR',
      type: 'REGULAR',
      tariff_alt_text: [{ language: 'en', text: 'City AC' }],
      start_date_time: '2026-01-01T00:00:00.000Z',
      last_updated: '2026-06-01T12:00:00.000Z',
    });
    expect(t.end_date_time).toBeUndefined();
    expect(t.elements).toEqual([
      { price_components: [{ type: 'FLAT', price: 1, vat: 20, step_size: 1 }] },
      {
        price_components: [
          { type: 'ENERGY', price: 0.45, vat: 20, step_size: 1000 },
          { type: 'TIME', price: 1.2, vat: 20, step_size: 60 },
        ],
        restrictions: {
          start_time: '08:00',
          end_time: '20:00',
          day_of_week: ['MONDAY', 'FRIDAY'],
          max_power: 22,
        },
      },
      { price_components: [{ type: 'ENERGY', price: 0.3, vat: 20, step_size: 1 }] },
      {
        price_components: [{ type: 'PARKING_TIME', price: 6, vat: 20, step_size: 300 }],
        restrictions: { min_duration: 3600 },
      },
    ]);
  });

  it('takes VAT out of prices stated including it, to 4 decimals', () => {
    expect(priceExclVat(1000, 'TRY', 2000, true)).toBe(8.3333);
    expect(priceExclVat(1000, 'TRY', 2000, false)).toBe(10);
    expect(priceExclVat(119, 'EUR', 1900, true)).toBe(1);
    const t = toOcpiTariff(identity, tariff({ pricesIncludeVat: true }));
    expect(t.elements[0]!.price_components[0]).toEqual({
      type: 'FLAT',
      price: 0.8333,
      vat: 20,
      step_size: 1,
    });
    expect(t.elements[2]!.price_components[0]!.price).toBe(0.25);
  });

  it('derives components of a tariff stored without them, and prices a free tariff at nothing', () => {
    const legacy = toOcpiTariff(
      identity,
      tariff({
        components: null,
        currency: 'TRY',
        pricePerKwh: 750,
        fixedPrice: 500,
        pricesIncludeVat: false,
      }),
    );
    expect(legacy.elements.map((e) => e.price_components[0])).toEqual([
      { type: 'FLAT', price: 5, vat: 20, step_size: 1 },
      { type: 'ENERGY', price: 7.5, vat: 20, step_size: 1 },
    ]);
    const free = toOcpiTariff(identity, tariff({ components: null, paymentType: 'Free' }));
    expect(free.elements).toEqual([
      { price_components: [{ type: 'FLAT', price: 0, vat: 20, step_size: 1 }] },
    ]);
  });
});
