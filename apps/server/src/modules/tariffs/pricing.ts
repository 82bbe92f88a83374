import {
  componentsFromLegacy,
  priceSession,
  type PricedSession,
  type TariffSnapshot,
} from '@voltline/contract';

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

/** What billing knows of a session when it prices it. */
export interface SessionFigures {
  startedAt: Date;
  /** The stop, or the moment of a running session's cost. */
  stoppedAt: Date;
  meterStart: number;
  energyWh: number;
}

/**
 * The cost of a session in minor units by the components of the tariff it started under (its
 * snapshot), at the gross price: what the driver pays. A snapshot taken before components
 * existed prices by the components derived from its fields, which is exactly sessionCost (see
 * engine.test.ts). Energy is spread evenly over the session's time, as billing holds no samples;
 * charging is taken to last until the stop. Null beyond exact integers (held for review).
 */
export function snapshotCost(t: TariffSnapshot, s: SessionFigures): number | null {
  if (t.paymentType === 'Free') return 0;
  return snapshotPriced(t, s)?.gross ?? null;
}

/**
 * A session priced by its snapshot with every line (what its receipt shows): the engine's answer
 * for the same figures as snapshotCost. Null for a free tariff or beyond exact integers.
 */
export function snapshotPriced(t: TariffSnapshot, s: SessionFigures): PricedSession | null {
  if (t.paymentType === 'Free' || !Number.isFinite(s.energyWh)) return null;
  return priceSession(
    {
      components: t.components ?? componentsFromLegacy(t),
      vatRate: t.vatRate ?? 0,
      pricesIncludeVat: t.pricesIncludeVat ?? true,
    },
    {
      startedAt: s.startedAt,
      stoppedAt: s.stoppedAt < s.startedAt ? s.startedAt : s.stoppedAt,
      meterStartWh: 0,
      meterStopWh: Math.max(0, s.energyWh),
      timeZone: t.timeZone ?? DEFAULT_TIME_ZONE,
    },
  );
}

/** Where an operator's time zone is not known (snapshots taken before it was). */
export const DEFAULT_TIME_ZONE = 'Europe/Istanbul';
