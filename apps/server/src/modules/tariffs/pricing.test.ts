import { describe, expect, it } from 'vitest';
import type { TariffSnapshot } from '@voltline/contract';
import { sessionCost, snapshotCost } from './pricing.js';

const base: TariffSnapshot = {
  id: 1,
  name: 'Test',
  paymentType: 'Prepaid',
  currency: 'TRY',
  pricePerKwh: 850,
  limitKwh: null,
  overLimitPricePerKwh: null,
  fixedPrice: 0,
};

describe('session cost', () => {
  it('prices energy per kWh in minor units', () => {
    expect(sessionCost(base, 10_000)).toBe(8_500);
    expect(sessionCost(base, 0)).toBe(0);
  });

  it('adds the fixed session price', () => {
    expect(sessionCost({ ...base, fixedPrice: 1_500 }, 2_000)).toBe(1_500 + 1_700);
    expect(sessionCost({ ...base, fixedPrice: 1_500 }, 0)).toBe(1_500);
  });

  it('bills energy beyond the limit at the over-limit price, exactly at the boundary', () => {
    const limited = { ...base, limitKwh: 20, overLimitPricePerKwh: 1_200 };
    expect(sessionCost(limited, 20_000)).toBe(17_000);
    expect(sessionCost(limited, 20_001)).toBe(17_000 + 1); // 1 Wh at 12.00/kWh = 1.2 kuruş → 1
    expect(sessionCost(limited, 25_000)).toBe(17_000 + 6_000);
    expect(sessionCost({ ...limited, limitKwh: 0.1 }, 200)).toBe(85 + 120);
  });

  it('rounds half up once, at the end', () => {
    expect(sessionCost({ ...base, pricePerKwh: 999 }, 1_500)).toBe(1_499); // 1498.5 → 1499
    expect(sessionCost({ ...base, pricePerKwh: 1 }, 499)).toBe(0); // 0.499 → 0
    expect(sessionCost({ ...base, pricePerKwh: 1 }, 500)).toBe(1); // 0.5 → 1
    // Summing per-sample rounding would say 3 × round(0.4) = 0; the session is 1.2 → 1.
    expect(sessionCost({ ...base, pricePerKwh: 1 }, 1_200)).toBe(1);
  });

  it('charges nothing on a free tariff and never a negative amount', () => {
    expect(sessionCost({ ...base, paymentType: 'Free', fixedPrice: 500 }, 50_000)).toBe(0);
    expect(sessionCost(base, -300)).toBe(0);
  });
});

describe('a session priced by its tariff snapshot', () => {
  const figures = {
    startedAt: new Date('2026-03-02T10:00:00Z'),
    stoppedAt: new Date('2026-03-02T11:30:00Z'),
    meterStart: 5_000,
    energyWh: 12_345,
  };

  it('prices a snapshot taken before components existed exactly as the old fields did', () => {
    const limited = { ...base, limitKwh: 10, overLimitPricePerKwh: 1_200, fixedPrice: 300 };
    expect(snapshotCost(limited, figures)).toBe(sessionCost(limited, 12_345));
    expect(snapshotCost({ ...base, paymentType: 'Free' }, figures)).toBe(0);
  });

  it('prices by the components of the snapshot, time included, at the gross price', () => {
    const snapshot: TariffSnapshot = {
      ...base,
      components: {
        elements: [
          {
            priceComponents: [
              { type: 'ENERGY', price: 1_000, stepSize: 1 },
              { type: 'TIME', price: 600, stepSize: 60 },
            ],
          },
        ],
      },
      vatRate: 2000,
      pricesIncludeVat: false,
    };
    // 12 345 Wh at 10.00 = 12 345; 90 min at 6.00/h = 900; net 13 245, plus 20 % VAT = 15 894.
    expect(snapshotCost(snapshot, figures)).toBe(15_894);
  });
});
