import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { componentsFromLegacy, TariffComponents, type Tariff } from '@voltline/contract';
import { componentsOf, elementsOf, sameComponents, type ElementFormValues } from './components-values';
import { fromTariff, isDerived, toTariffBody, type TariffFormValues } from './form-values';

const evening: ElementFormValues[] = [
  {
    components: [
      { type: 'ENERGY', price: 8.51, stepSize: 1 },
      { type: 'FLAT', price: 2.5, stepSize: 5 },
      { type: 'PARKING_TIME', price: 12, stepSize: 60, graceMinutes: 10 },
    ],
    restrictions: {},
  },
  {
    components: [{ type: 'TIME', price: 0.29, stepSize: null, graceMinutes: 3 }],
    restrictions: {
      startTime: ' 18:00 ',
      endTime: '22:00',
      startDate: dayjs('2026-01-01'),
      endDate: dayjs('2026-07-01'),
      dayOfWeek: ['MONDAY', 'FRIDAY'],
      minKwh: 1.2345,
      maxKwh: 50,
      minPowerKw: 3.7,
      maxPowerKw: null,
      minDurationMinutes: 15,
      maxDurationMinutes: 90,
    },
  },
];

describe('price components in the form', () => {
  it('turns prices typed in major units into exact minor units', () => {
    // 0.29 × 100 is 28.999… in binary: the conversion must still say 29.
    const typed = Array.from({ length: 200_001 }, (_, cents) => ({
      type: 'ENERGY' as const,
      price: cents / 100,
    }));
    const prices = componentsOf([{ components: typed }]).elements[0]!.priceComponents.map((c) => c.price);
    expect(prices.findIndex((p, cents) => p !== cents)).toBe(-1);
    expect(
      componentsOf([{ components: [{ type: 'FLAT', price: 999_999.99 }] }]).elements[0]!.priceComponents[0]!
        .price,
    ).toBe(99_999_999);
  });

  it('sends restrictions in the API units, and drops what was left empty or does not apply', () => {
    const sent = componentsOf(evening);
    expect(sent).toEqual({
      elements: [
        {
          priceComponents: [
            { type: 'ENERGY', price: 851, stepSize: 1 },
            // A flat fee has no step; parking keeps its grace period.
            { type: 'FLAT', price: 250, stepSize: 1 },
            { type: 'PARKING_TIME', price: 1200, stepSize: 60, graceMinutes: 10 },
          ],
        },
        {
          // Only parking has a grace period; an empty step is one.
          priceComponents: [{ type: 'TIME', price: 29, stepSize: 1 }],
          restrictions: {
            startTime: '18:00',
            endTime: '22:00',
            startDate: '2026-01-01',
            endDate: '2026-07-01',
            dayOfWeek: ['MONDAY', 'FRIDAY'],
            minKwh: 1.235,
            maxKwh: 50,
            minPowerKw: 3.7,
            minDurationSeconds: 900,
            maxDurationSeconds: 5400,
          },
        },
      ],
    });
    // What the form sends, the contract accepts unchanged.
    expect(TariffComponents.parse(sent)).toEqual(sent);
  });

  it('shows saved components in major units and minutes, and round-trips them', () => {
    const sent = componentsOf(evening);
    const back = elementsOf(sent);
    expect(back[1]?.components?.[0]?.price).toBe(0.29);
    expect(back[1]?.restrictions?.maxDurationMinutes).toBe(90);
    expect(back[1]?.restrictions?.startDate?.format('YYYY-MM-DD')).toBe('2026-01-01');
    expect(componentsOf(back)).toEqual(sent);
  });

  it('compares components whatever the order of their keys (stored JSON reorders them)', () => {
    const a = {
      elements: [
        { restrictions: { maxKwh: 20 }, priceComponents: [{ stepSize: 1, price: 5, type: 'ENERGY' }] },
      ],
    };
    const b = {
      elements: [
        { priceComponents: [{ type: 'ENERGY', price: 5, stepSize: 1 }], restrictions: { maxKwh: 20 } },
      ],
    };
    expect(sameComponents(a, b)).toBe(true);
    expect(sameComponents(a, { elements: [] })).toBe(false);
    expect(sameComponents({ x: 1, y: undefined }, { x: 1 })).toBe(true);
  });
});

describe('simple or components mode', () => {
  const base = {
    id: 1,
    name: 'City',
    operatorId: 2,
    type: 'AC',
    paymentType: 'Postpaid',
    currency: 'TRY',
    pricePerKwh: 850,
    limitKwh: null,
    overLimitPricePerKwh: null,
    fixedPrice: 0,
    validFrom: null,
    validTo: null,
  } as const;

  it('edits a tariff whose components are derived from its fields as a simple tariff', () => {
    const tariff = { ...base, components: componentsFromLegacy(base) } as unknown as Tariff;
    expect(isDerived(tariff)).toBe(true);
    expect(fromTariff(tariff).pricing).toBe('simple');
  });

  it('edits a tariff with components of its own in components mode and sends them back', () => {
    const components = componentsOf(evening);
    const tariff = { ...base, components } as unknown as Tariff;
    expect(isDerived(tariff)).toBe(false);
    const values = fromTariff(tariff);
    expect(values.pricing).toBe('components');
    expect(toTariffBody(values).components).toEqual(components);
    // Switched back to simple, the tariff follows its fields again.
    expect(toTariffBody({ ...values, pricing: 'simple' }).components).toEqual(componentsFromLegacy(base));
  });

  it('sends no components of its own for a free tariff', () => {
    const values: TariffFormValues = {
      ...fromTariff({ ...base, components: componentsOf(evening) } as unknown as Tariff),
      paymentType: 'Free',
    };
    expect(toTariffBody(values).components).toEqual({ elements: [] });
  });
});
