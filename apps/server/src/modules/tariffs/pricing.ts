import type { TariffSnapshot } from '@voltline/contract';

/**
 * The cost of a session in minor units: the fixed price, plus energy up to the limit at the
 * energy price and beyond it at the over-limit price. Energy is priced in Wh against prices per
 * kWh and rounded half up once, at the end, so no rounding accumulates.
 */
export function sessionCost(t: TariffSnapshot, energyWh: number): number {
  if (t.paymentType === 'Free') return 0;
  const energy = Math.max(0, Math.round(energyWh));
  const limitWh = t.limitKwh === null ? Number.POSITIVE_INFINITY : Math.round(t.limitKwh * 1000);
  const within = Math.min(energy, limitWh);
  const over = Math.max(0, energy - limitWh);
  const thousandths = within * t.pricePerKwh + over * (t.overLimitPricePerKwh ?? t.pricePerKwh);
  return t.fixedPrice + Math.round(thousandths / 1000);
}
