import { describe, expect, it } from 'vitest';
import type { TariffSnapshot } from '@voltline/contract';
// The server's own billing function: the preview must never drift from what sessions are billed.
import { sessionCost } from '../../../../server/src/modules/tariffs/pricing';
import { tariffCost, type PriceRule } from './cost';

const flat: PriceRule = {
  paymentType: 'Postpaid',
  pricePerKwh: 850,
  limitKwh: null,
  overLimitPricePerKwh: null,
  fixedPrice: 0,
};

describe('tariff cost preview (same rule as the server bills)', () => {
  it('prices energy per kWh plus the fixed price', () => {
    expect(tariffCost(flat, 30_000).total).toBe(25_500);
    expect(tariffCost({ ...flat, fixedPrice: 500 }, 30_000).total).toBe(26_000);
  });

  it('bills energy beyond the limit at the over-limit price', () => {
    const rule = { ...flat, limitKwh: 20, overLimitPricePerKwh: 1200, fixedPrice: 1000 };
    const cost = tariffCost(rule, 30_000);
    expect(cost).toMatchObject({ withinWh: 20_000, overWh: 10_000, overPrice: 1200 });
    // 10.00 + 20 × 8.50 + 10 × 12.00
    expect(cost.total).toBe(1000 + 17_000 + 12_000);
  });

  it('rounds half up once, at the end, not per part', () => {
    // 1,500 Wh at 3.33 is 499.5 kuruş and 1 Wh over at 5.00 is 0.5: 500 in total, where
    // rounding each part would bill 501.
    const rule = { ...flat, pricePerKwh: 333, limitKwh: 1.5, overLimitPricePerKwh: 500 };
    expect(tariffCost(rule, 1501).total).toBe(500);
    expect(tariffCost({ ...flat, pricePerKwh: 1 }, 500).total).toBe(1);
    expect(tariffCost({ ...flat, pricePerKwh: 1 }, 499).total).toBe(0);
  });

  it('charges nothing on a free tariff and never goes below zero energy', () => {
    expect(tariffCost({ ...flat, paymentType: 'Free', fixedPrice: 500 }, 30_000).total).toBe(0);
    expect(tariffCost(flat, -20).total).toBe(0);
  });

  it('falls back to the energy price when no over-limit price is set', () => {
    expect(tariffCost({ ...flat, limitKwh: 10 }, 30_000).total).toBe(25_500);
  });
});

describe('the preview matches the server billing', () => {
  const rules: PriceRule[] = [
    flat,
    { ...flat, fixedPrice: 1234 },
    { ...flat, pricePerKwh: 333, limitKwh: 1.5, overLimitPricePerKwh: 500 },
    { ...flat, pricePerKwh: 799, limitKwh: 12.345, overLimitPricePerKwh: 1999, fixedPrice: 250 },
    { ...flat, limitKwh: 10 },
    { ...flat, paymentType: 'Free', fixedPrice: 500 },
    { ...flat, paymentType: 'Prepaid', pricePerKwh: 1 },
  ];
  const energies = [0, 1, 499, 500, 1501, 12_345, 12_346, 30_000, 123_456.7];

  it.each(rules.map((r, i) => [i, r] as const))('rule %i', (_, rule) => {
    const snapshot: TariffSnapshot = { id: 1, name: 't', currency: 'TRY', ...rule };
    for (const wh of energies) expect(tariffCost(rule, wh).total).toBe(sessionCost(snapshot, wh));
  });
});
