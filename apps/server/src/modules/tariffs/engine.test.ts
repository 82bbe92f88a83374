import { describe, expect, it } from 'vitest';
import {
  componentsFromLegacy,
  priceSession,
  TariffComponents,
  type PricingTerms,
  type SessionTimeline,
  type TariffComponentsInput,
  type TariffSnapshot,
} from '@voltline/contract';
import { sessionCost } from './pricing.js';

const TZ = 'Europe/Istanbul'; // UTC+3, no DST
const at = (iso: string) => new Date(iso);
const terms = (c: TariffComponentsInput, vat: Partial<PricingTerms> = {}): PricingTerms => ({
  components: TariffComponents.parse(c),
  vatRate: 2000,
  pricesIncludeVat: true,
  ...vat,
});
const session = (s: Partial<SessionTimeline> = {}): SessionTimeline => ({
  startedAt: at('2026-03-02T10:00:00+03:00'), // a Monday
  stoppedAt: at('2026-03-02T11:00:00+03:00'),
  meterStartWh: 1_000,
  meterStopWh: 11_000,
  timeZone: TZ,
  ...s,
});
const energy = (price: number, restrictions?: object) => ({
  priceComponents: [{ type: 'ENERGY' as const, price }],
  ...(restrictions ? { restrictions } : {}),
});

describe('pricing engine', () => {
  it('prices energy per kWh, time per hour of charging and a flat fee, in AFIR order', () => {
    const r = priceSession(
      terms({
        elements: [
          {
            priceComponents: [
              { type: 'FLAT', price: 500 },
              { type: 'TIME', price: 600 },
              { type: 'ENERGY', price: 850 },
            ],
          },
        ],
      }),
      session(),
    );
    expect(r?.lines.map((l) => [l.type, l.quantity, l.gross])).toEqual([
      ['ENERGY', 10_000, 8_500],
      ['TIME', 3_600, 600],
      ['FLAT', 1, 500],
    ]);
    expect(r?.gross).toBe(9_600);
  });

  it('shows net and VAT when prices include VAT, the gross being the stated price', () => {
    const r = priceSession(terms({ elements: [energy(1_200)] }), session());
    // 12 000 gross at 20 %: VAT 2 000, net 10 000.
    expect(r).toMatchObject({ gross: 12_000, vat: 2_000, net: 10_000 });
  });

  it('adds VAT on top when prices exclude it', () => {
    const r = priceSession(terms({ elements: [energy(1_000)] }, { pricesIncludeVat: false }), session());
    expect(r).toMatchObject({ net: 10_000, vat: 2_000, gross: 12_000 });
    expect(r?.lines[0]).toMatchObject({ net: 10_000, vat: 2_000, gross: 12_000 });
  });

  it('rounds the total half up once and lets the lines add up to it', () => {
    // Energy 1.5 Wh... 1 500 Wh at 0.01/kWh is 0.015 → with 3 lines of 0.4 each they would round to 0.
    const r = priceSession(
      terms({
        elements: [energy(999, { maxKwh: 0.5 }), energy(999, { maxKwh: 1 }), energy(999)],
      }),
      session({ meterStopWh: 2_500 }),
    );
    expect(r?.gross).toBe(1_499); // 1 500 Wh × 9.99 = 1 498.5 → 1 499
    expect(r?.lines.reduce((s, l) => s + l.gross, 0)).toBe(1_499);
    expect(r?.lines.map((l) => l.quantity)).toEqual([500, 500, 500]);
  });

  it('splits energy at a kWh bound: the first element until max_kwh, the next one beyond', () => {
    const r = priceSession(
      terms({ elements: [energy(500, { maxKwh: 4 }), energy(900, { minKwh: 4 })] }),
      session(),
    );
    expect(r?.lines.map((l) => [l.element, l.quantity, l.gross])).toEqual([
      [0, 4_000, 2_000],
      [1, 6_000, 5_400],
    ]);
  });

  it('follows time-of-day bands across midnight in the charge point’s time zone', () => {
    // Night 22:00–06:00 local at 4.00, day otherwise 8.00; 21:00–23:00 local, 2 kWh each hour.
    const r = priceSession(
      terms({ elements: [energy(400, { startTime: '22:00', endTime: '06:00' }), energy(800)] }),
      session({
        startedAt: at('2026-03-02T21:00:00+03:00'),
        stoppedAt: at('2026-03-02T23:00:00+03:00'),
        meterStartWh: 0,
        meterStopWh: 4_000,
        samples: [{ at: at('2026-03-02T22:00:00+03:00'), wh: 2_000 }],
      }),
    );
    expect(r?.lines.map((l) => [l.element, l.quantity])).toEqual([
      [0, 2_000],
      [1, 2_000],
    ]);
    expect(r?.gross).toBe(800 + 1_600);
  });

  it('cuts a session over midnight at the local midnight for day-of-week prices', () => {
    // Sunday 23:00 to Monday 01:00 local, energy spread evenly: the Sunday hour is cheaper.
    const r = priceSession(
      terms({ elements: [energy(300, { dayOfWeek: ['SATURDAY', 'SUNDAY'] }), energy(900)] }),
      session({
        startedAt: at('2026-03-01T23:00:00+03:00'),
        stoppedAt: at('2026-03-02T01:00:00+03:00'),
        meterStartWh: 0,
        meterStopWh: 10_000,
      }),
    );
    expect(r?.lines.map((l) => [l.element, l.quantity])).toEqual([
      [0, 5_000],
      [1, 5_000],
    ]);
  });

  it('reads time bands in the zone given, not in UTC', () => {
    const peak = terms({ elements: [energy(1_000, { startTime: '10:00', endTime: '11:00' }), energy(100)] });
    // 10:00–11:00 in Istanbul is 07:00–08:00 UTC: the peak price applies there only.
    expect(priceSession(peak, session())?.gross).toBe(10_000);
    expect(priceSession(peak, session({ timeZone: 'UTC' }))?.gross).toBe(1_000);
  });

  it('applies a date range with its end date excluded', () => {
    const promo = terms({
      elements: [energy(100, { startDate: '2026-03-01', endDate: '2026-03-02' }), energy(1_000)],
    });
    expect(
      priceSession(
        promo,
        session({ startedAt: at('2026-03-01T10:00:00+03:00'), stoppedAt: at('2026-03-01T11:00:00+03:00') }),
      )?.gross,
    ).toBe(1_000);
    expect(priceSession(promo, session())?.gross).toBe(10_000);
  });

  it('prices by power and by duration', () => {
    const byPower = terms({ elements: [energy(2_000, { minPowerKw: 50 }), energy(1_000)] });
    // 10 kWh in an hour: 10 kW average, under 50 kW.
    expect(priceSession(byPower, session())?.gross).toBe(10_000);
    expect(
      priceSession(byPower, session({ stoppedAt: at('2026-03-02T10:10:00+03:00') }))?.gross, // 60 kW
    ).toBe(20_000);
    const afterHalfHour = terms({
      elements: [
        { priceComponents: [{ type: 'TIME', price: 1_200 }], restrictions: { minDurationSeconds: 1_800 } },
      ],
    });
    expect(priceSession(afterHalfHour, session())?.lines[0]).toMatchObject({ quantity: 1_800, gross: 600 });
  });

  it('charges parking after the grace period once charging ended, not charging time', () => {
    const t = terms({
      elements: [
        {
          priceComponents: [
            { type: 'TIME', price: 600 },
            { type: 'PARKING_TIME', price: 1_200, graceMinutes: 15 },
          ],
        },
      ],
    });
    const r = priceSession(
      t,
      session({
        chargingEndedAt: at('2026-03-02T10:30:00+03:00'),
        meterStopWh: 1_000,
      }),
    );
    // 30 min charging at 6.00/h = 300; 30 min after the end, 15 free, 15 at 12.00/h = 300.
    expect(r?.lines.map((l) => [l.type, l.quantity, l.gross])).toEqual([
      ['TIME', 1_800, 300],
      ['PARKING_TIME', 900, 300],
    ]);
  });

  it('charges nothing for parking within the grace period', () => {
    const t = terms({
      elements: [{ priceComponents: [{ type: 'PARKING_TIME', price: 1_200, graceMinutes: 60 }] }],
    });
    const r = priceSession(t, session({ chargingEndedAt: at('2026-03-02T10:30:00+03:00') }));
    expect(r?.gross).toBe(0);
    expect(r?.lines).toEqual([]);
  });

  it('bills energy and time in whole steps of step_size, rounded up', () => {
    const t = terms({
      elements: [
        {
          priceComponents: [
            { type: 'ENERGY', price: 1_000, stepSize: 500 },
            { type: 'TIME', price: 3_600, stepSize: 300 },
          ],
        },
      ],
    });
    const r = priceSession(t, session({ meterStopWh: 2_001, stoppedAt: at('2026-03-02T10:01:00+03:00') }));
    // 1 001 Wh → 1 500 Wh; 60 s → 300 s (5 min at 36.00/h = 300).
    expect(r?.lines.map((l) => [l.type, l.quantity, l.gross])).toEqual([
      ['ENERGY', 1_500, 1_500],
      ['TIME', 300, 300],
    ]);
  });

  it('charges the flat fee once, by the first element that applies, even with no energy', () => {
    const t = terms({
      elements: [
        { priceComponents: [{ type: 'FLAT', price: 200 }], restrictions: { dayOfWeek: ['SUNDAY'] } },
        { priceComponents: [{ type: 'FLAT', price: 700 }] },
      ],
    });
    expect(
      priceSession(t, session({ meterStopWh: 1_000, stoppedAt: at('2026-03-02T10:00:00+03:00') }))?.gross,
    ).toBe(700);
  });

  it('prices a free tariff (no elements) at nothing', () => {
    expect(priceSession(terms({ elements: [] }), session())).toEqual({ lines: [], net: 0, vat: 0, gross: 0 });
  });

  it('prices every old tariff kind exactly as before, on many generated sessions', () => {
    let seed = 20_261_127;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let i = 0; i < 2_000; i++) {
      const kind = rand(4);
      const limitKwh = kind === 1 ? (1 + rand(80_000)) / 1000 : null;
      const snapshot: TariffSnapshot = {
        id: 1,
        name: 'T',
        paymentType: kind === 3 ? 'Free' : rand(2) ? 'Prepaid' : 'Postpaid',
        currency: 'TRY',
        pricePerKwh: rand(3_000),
        limitKwh,
        overLimitPricePerKwh: limitKwh === null ? null : rand(4_000),
        fixedPrice: kind === 2 || rand(3) === 0 ? rand(5_000) : 0,
      };
      const startedAt = new Date(Date.UTC(2026, rand(12), 1 + rand(28), rand(24), rand(60)));
      const seconds = rand(3 * 24 * 3600);
      const energyWh = rand(4) === 0 ? 0 : rand(150_000) + rand(1000) / 1000;
      const meterStartWh = rand(1_000_000);
      const samples = Array.from({ length: rand(6) }, (_, k) => ({
        at: new Date(startedAt.getTime() + ((k + 1) * seconds * 1000) / 7),
        wh: meterStartWh + ((k + 1) * energyWh) / 7,
      }));
      const priced = priceSession(
        { components: componentsFromLegacy(snapshot), vatRate: rand(2_500), pricesIncludeVat: true },
        {
          startedAt,
          stoppedAt: new Date(startedAt.getTime() + seconds * 1000),
          meterStartWh,
          meterStopWh: meterStartWh + energyWh,
          samples,
          timeZone: TZ,
        },
      );
      expect(priced?.gross, JSON.stringify({ snapshot, energyWh })).toBe(sessionCost(snapshot, energyWh));
    }
  });
});
