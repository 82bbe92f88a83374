import { describe, expect, it } from 'vitest';
import {
  componentsFromLegacy,
  priceSession,
  TariffComponents,
  type TariffComponentsInput,
  type TariffSnapshot,
} from '@voltline/contract';
// The server's own billing: the preview must never drift from what sessions are billed.
import { snapshotCost } from '../../../../server/src/modules/tariffs/pricing';
import { exampleTimeline, previewCost, type ExampleSession, type PriceRule } from './cost';

const TZ = 'Europe/Istanbul'; // UTC+3 all year
const example: ExampleSession = {
  kwh: 30,
  chargingMinutes: 120,
  parkingMinutes: 20,
  date: '2026-03-02',
  startMinute: 17 * 60,
  timeZone: TZ,
};
const parse = (c: TariffComponentsInput) => TariffComponents.parse(c);

// What the browser test builds: energy, a time band in the evening, parking after a grace period, a fee.
const evening = parse({
  elements: [
    {
      priceComponents: [
        { type: 'ENERGY', price: 800 },
        { type: 'FLAT', price: 250 },
        { type: 'PARKING_TIME', price: 1200, graceMinutes: 10 },
      ],
    },
    {
      priceComponents: [{ type: 'TIME', price: 600 }],
      restrictions: { startTime: '18:00', endTime: '22:00' },
    },
  ],
});

describe('the example session', () => {
  it('starts at the local time in the operator zone, charges, then parks', () => {
    const s = exampleTimeline(example);
    expect(s.startedAt.toISOString()).toBe('2026-03-02T14:00:00.000Z');
    expect(s.chargingEndedAt?.toISOString()).toBe('2026-03-02T16:00:00.000Z');
    expect(s.stoppedAt.toISOString()).toBe('2026-03-02T16:20:00.000Z');
    expect(s.meterStopWh).toBe(30_000);
    // All energy is in before parking starts.
    expect(s.samples).toEqual([{ at: s.chargingEndedAt, wh: 30_000 }]);
    expect(exampleTimeline({ ...example, parkingMinutes: 0 }).samples).toEqual([]);
  });
});

describe('cost preview (the server engine)', () => {
  it('prices every component in AFIR order, with the time band and the grace period', () => {
    const priced = previewCost(
      { components: evening, vatRate: 2000, pricesIncludeVat: true },
      'Postpaid',
      example,
    );
    expect(priced?.lines.map((l) => [l.type, l.gross])).toEqual([
      ['ENERGY', 24_000], // 30 kWh × 8.00
      ['TIME', 600], // 18:00–19:00 at 6.00 an hour; 17:00–18:00 is outside the band
      ['FLAT', 250],
      ['PARKING_TIME', 200], // 20 min parked, the first 10 free: 10 min at 12.00 an hour
    ]);
    expect(priced).toMatchObject({ gross: 25_050, vat: 4175, net: 20_875 });
  });

  it('adds VAT on top when prices exclude it', () => {
    const priced = previewCost(
      { components: evening, vatRate: 2000, pricesIncludeVat: false },
      'Postpaid',
      example,
    );
    expect(priced).toMatchObject({ net: 25_050, vat: 5010, gross: 30_060 });
  });

  it('charges nothing on a free tariff, whatever its components', () => {
    expect(
      previewCost({ components: evening, vatRate: 2000, pricesIncludeVat: true }, 'Free', example),
    ).toEqual({ lines: [], net: 0, vat: 0, gross: 0 });
  });

  it('is the engine itself: same lines for the same session', () => {
    const terms = { components: evening, vatRate: 1800, pricesIncludeVat: false };
    for (const startMinute of [0, 17 * 60 + 59, 21 * 60 + 30, 23 * 60 + 50]) {
      const e = { ...example, startMinute, kwh: 12.345, chargingMinutes: 97 };
      expect(previewCost(terms, 'Prepaid', e)).toEqual(priceSession(terms, exampleTimeline(e)));
    }
  });
});

describe('the preview matches the server billing', () => {
  const flat: PriceRule = {
    paymentType: 'Postpaid',
    pricePerKwh: 850,
    limitKwh: null,
    overLimitPricePerKwh: null,
    fixedPrice: 0,
  };
  const rules: PriceRule[] = [
    flat,
    { ...flat, fixedPrice: 1234 },
    { ...flat, pricePerKwh: 333, limitKwh: 1.5, overLimitPricePerKwh: 500 },
    { ...flat, pricePerKwh: 799, limitKwh: 12.345, overLimitPricePerKwh: 1999, fixedPrice: 250 },
    { ...flat, paymentType: 'Free', fixedPrice: 500 },
  ];
  const energies = [0, 0.001, 0.499, 1.501, 12.345, 30, 123.4567];

  // Billing holds no samples and no parking yet: a session without parking is what it prices.
  it.each(rules.map((r, i) => [i, r] as const))('rule %i', (_, rule) => {
    const snapshot: TariffSnapshot = { id: 1, name: 't', currency: 'TRY', ...rule, timeZone: TZ };
    for (const kwh of energies) {
      const e = { ...example, kwh, parkingMinutes: 0 };
      const s = exampleTimeline(e);
      const terms = { components: componentsFromLegacy(rule), vatRate: 2000, pricesIncludeVat: true };
      expect(previewCost(terms, rule.paymentType, e)?.gross).toBe(
        snapshotCost(snapshot, {
          startedAt: s.startedAt,
          stoppedAt: s.stoppedAt,
          meterStart: 0,
          energyWh: kwh * 1000,
        }),
      );
    }
  });

  it('agrees on a tariff with components of its own', () => {
    const snapshot: TariffSnapshot = {
      id: 1,
      name: 't',
      currency: 'TRY',
      ...flat,
      components: evening,
      vatRate: 2000,
      pricesIncludeVat: true,
      timeZone: TZ,
    };
    const e = { ...example, parkingMinutes: 0 };
    const s = exampleTimeline(e);
    expect(
      previewCost({ components: evening, vatRate: 2000, pricesIncludeVat: true }, 'Postpaid', e)?.gross,
    ).toBe(
      snapshotCost(snapshot, {
        startedAt: s.startedAt,
        stoppedAt: s.stoppedAt,
        meterStart: 0,
        energyWh: 30_000,
      }),
    );
  });
});
