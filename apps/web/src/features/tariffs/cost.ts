import {
  localToInstant,
  priceSession,
  type PricedSession,
  type PricingTerms,
  type SessionTimeline,
  type TariffSnapshot,
} from '@voltline/contract';

export type PriceRule = Pick<
  TariffSnapshot,
  'paymentType' | 'pricePerKwh' | 'limitKwh' | 'overLimitPricePerKwh' | 'fixedPrice'
>;

/** The example session the preview prices; the start is a wall-clock time in the operator's zone. */
export interface ExampleSession {
  kwh: number;
  /** Minutes of charging, from the start. */
  chargingMinutes: number;
  /** Minutes the car stays plugged in after charging ended. */
  parkingMinutes: number;
  /** YYYY-MM-DD and minutes since midnight, local to `timeZone`. */
  date: string;
  startMinute: number;
  timeZone: string;
}

/**
 * The example as the engine sees a session: it starts at the local time given, charges evenly for
 * its charging minutes (a meter reading at the end of charging holds all its energy, so none falls
 * into parking), then parks.
 */
export function exampleTimeline(e: ExampleSession): SessionTimeline {
  const [y, mo, d] = e.date.split('-').map(Number) as [number, number, number];
  const start = localToInstant(y, mo, d, e.startMinute, e.timeZone);
  const wh = Math.max(0, Math.round(e.kwh * 1000));
  const chargingEnd = start + Math.max(0, Math.round(e.chargingMinutes * 60_000));
  const stop = chargingEnd + Math.max(0, Math.round(e.parkingMinutes * 60_000));
  return {
    startedAt: new Date(start),
    stoppedAt: new Date(stop),
    chargingEndedAt: new Date(chargingEnd),
    meterStartWh: 0,
    meterStopWh: wh,
    samples: stop > chargingEnd ? [{ at: new Date(chargingEnd), wh }] : [],
    timeZone: e.timeZone,
  };
}

/**
 * What the example session costs: the server's own engine (packages/contract/src/tariff-engine),
 * so the preview shows exactly the lines, VAT and total a session like it is billed. A free tariff
 * is never charged, whatever its components say. Null beyond exact arithmetic.
 */
export function previewCost(
  terms: PricingTerms,
  paymentType: TariffSnapshot['paymentType'],
  example: ExampleSession,
): PricedSession | null {
  if (paymentType === 'Free') return { lines: [], net: 0, vat: 0, gross: 0 };
  return priceSession(terms, exampleTimeline(example));
}
