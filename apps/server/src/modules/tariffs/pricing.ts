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
  /** When the car stopped drawing energy; parking is priced after it (none: charging to the stop). */
  chargingEndedAt?: Date | null;
  /** The meter during the session: energy since its start (Wh) and power (W) when sampled. */
  samples?: UsageSample[];
}

/** A meter sample of a session, as billing reads it: energy since the session's start. */
export interface UsageSample {
  at: Date;
  wh: number;
  w: number | null;
}

/**
 * The cost of a session in minor units by the components of the tariff it started under (its
 * snapshot), at the gross price: what the driver pays. A snapshot taken before components
 * existed prices by the components derived from its fields, which is exactly sessionCost (see
 * engine.test.ts). Energy follows the session's meter samples (evenly between two, and over the
 * whole session without any); once charging ended, the meter is taken to stand still. Null beyond
 * exact integers (held for review).
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
  const stoppedAt = s.stoppedAt < s.startedAt ? s.startedAt : s.stoppedAt;
  const energyWh = Math.max(0, s.energyWh);
  // A charging end outside the session tells nothing of it.
  const chargingEndedAt =
    s.chargingEndedAt && s.chargingEndedAt > s.startedAt && s.chargingEndedAt < stoppedAt
      ? s.chargingEndedAt
      : null;
  return priceSession(
    {
      components: t.components ?? componentsFromLegacy(t),
      vatRate: t.vatRate ?? 0,
      pricesIncludeVat: t.pricesIncludeVat ?? true,
    },
    {
      startedAt: s.startedAt,
      stoppedAt,
      meterStartWh: 0,
      meterStopWh: energyWh,
      ...(chargingEndedAt ? { chargingEndedAt } : {}),
      samples: samplesFor(s, chargingEndedAt, energyWh),
      timeZone: t.timeZone ?? DEFAULT_TIME_ZONE,
    },
  );
}

/**
 * The samples the engine reads: the session's, and where charging ended before the stop, the
 * meter standing at the session's energy from then on (a car that no longer draws adds nothing).
 */
function samplesFor(s: SessionFigures, chargingEndedAt: Date | null, energyWh: number) {
  const samples = (s.samples ?? []).map((m) => ({ at: m.at, wh: m.wh, w: m.w }));
  if (chargingEndedAt) {
    const at = chargingEndedAt.getTime();
    const before = samples.filter((m) => m.at.getTime() < at);
    return [...before, { at: chargingEndedAt, wh: energyWh, w: 0 }];
  }
  return samples;
}

/** Where an operator's time zone is not known (snapshots taken before it was). */
export const DEFAULT_TIME_ZONE = 'Europe/Istanbul';
