import type { TariffSnapshot } from '@voltline/contract';

/**
 * The cost of a session in minor units: the fixed price, plus energy up to the limit at the
 * energy price and beyond it at the over-limit price. Energy is priced in Wh against prices per
 * kWh and rounded half up once, at the end, so no rounding accumulates. The arithmetic is exact
 * for any energy (BigInt); a cost beyond exact JavaScript integers comes back as null, and such a
 * session is held for review rather than billed.
 */
export function sessionCost(t: TariffSnapshot, energyWh: number): number | null {
  if (t.paymentType === 'Free') return 0;
  if (!Number.isFinite(energyWh)) return null;
  const energy = BigInt(Math.max(0, Math.round(energyWh)));
  const limitWh = t.limitKwh === null ? null : BigInt(Math.round(t.limitKwh * 1000));
  const within = limitWh === null || energy < limitWh ? energy : limitWh;
  const over = energy - within;
  const thousandths = within * BigInt(t.pricePerKwh) + over * BigInt(t.overLimitPricePerKwh ?? t.pricePerKwh);
  // Half up: thousandths are never negative (prices are not).
  const cost = BigInt(t.fixedPrice) + (thousandths + 500n) / 1000n;
  return cost <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(cost) : null;
}
