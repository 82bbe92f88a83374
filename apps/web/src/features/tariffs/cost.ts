import type { TariffSnapshot } from '@voltline/contract';

export type PriceRule = Pick<
  TariffSnapshot,
  'paymentType' | 'pricePerKwh' | 'limitKwh' | 'overLimitPricePerKwh' | 'fixedPrice'
>;

export interface CostBreakdown {
  /** Minor units, rounded half up once, as the server bills it. */
  total: number;
  fixed: number;
  withinWh: number;
  overWh: number;
  overPrice: number;
}

/**
 * The server's billing rule (apps/server/src/modules/tariffs/pricing.ts), repeated here so the
 * form can show what a session will cost before the tariff is saved: the fixed price, plus energy
 * up to the limit at the energy price and beyond it at the over-limit price, priced in Wh and
 * rounded half up once at the end. A test pins both to the same figures.
 */
export function tariffCost(rule: PriceRule, energyWh: number): CostBreakdown {
  const energy = Math.max(0, Math.round(energyWh));
  const limitWh = rule.limitKwh === null ? Number.POSITIVE_INFINITY : Math.round(rule.limitKwh * 1000);
  const withinWh = Math.min(energy, limitWh);
  const overWh = Math.max(0, energy - limitWh);
  const overPrice = rule.overLimitPricePerKwh ?? rule.pricePerKwh;
  if (rule.paymentType === 'Free') return { total: 0, fixed: 0, withinWh, overWh, overPrice };
  const thousandths = withinWh * rule.pricePerKwh + overWh * overPrice;
  return {
    total: rule.fixedPrice + Math.round(thousandths / 1000),
    fixed: rule.fixedPrice,
    withinWh,
    overWh,
    overPrice,
  };
}
