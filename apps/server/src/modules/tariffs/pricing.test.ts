import { describe, expect, it } from 'vitest';
import type { TariffSnapshot } from '@voltline/contract';
import { sessionCost } from './pricing.js';

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
