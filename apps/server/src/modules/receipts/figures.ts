import type { PriceComponentType, Session } from '@voltline/contract';
import type { SessionUsage } from '../sessions/usage.repository.js';
import { snapshotPriced } from '../tariffs/pricing.js';

/** One line of a receipt: what one price component charged, with its VAT. */
export interface ReceiptLine {
  type: PriceComponentType | 'CHARGING';
  /** Wh for ENERGY, seconds for TIME and PARKING_TIME, 1 for FLAT and CHARGING. */
  quantity: number;
  /** Minor units per kWh, per hour or per session, as the tariff states it; null for CHARGING. */
  unitPrice: number | null;
  net: number;
  vat: number;
  gross: number;
}

/** A billed session's money as a receipt shows it: the lines, and totals that they add up to. */
export interface ReceiptFigures {
  lines: ReceiptLine[];
  net: number;
  vat: number;
  gross: number;
  /** Basis points: 2000 is 20 %. */
  vatRate: number;
  pricesIncludeVat: boolean;
  currency: string;
}

/** VAT of a gross amount at `rate` basis points, half up, in integers (the engine's rule). */
const vatOfGross = (gross: number, rate: number) =>
  Number((BigInt(gross) * BigInt(rate) * 2n + BigInt(10_000 + rate)) / (BigInt(10_000 + rate) * 2n));

/**
 * The receipt of a stopped, billed session. The lines are the tariff engine's, from the session's
 * own tariff snapshot, exactly as billing priced it; the total is always the cost the session was
 * billed. Where that cost came otherwise (a held session corrected by staff, a close at the last
 * reading billed before components existed), the receipt shows one line of charging at that cost,
 * its VAT at the snapshot's rate. Null for a session with nothing to bill.
 *
 * A snapshot taken before VAT terms existed has no rate: such a session was billed at prices
 * including VAT (the total does not depend on the rate), and its VAT is shown at the operator's
 * rate (`operatorVatRate`), not as 0 %.
 */
export function receiptFigures(
  s: Session,
  operatorVatRate: number,
  /** What billing priced the session by beside its figures (SessionsService.usageOf). */
  usage: SessionUsage = { samples: [], chargingEndedAt: null },
): ReceiptFigures | null {
  const stored = s.tariff;
  if (s.cost === null || stored === null || s.stoppedAt === null) return null;
  const t = stored.vatRate === undefined ? { ...stored, vatRate: operatorVatRate } : stored;
  const vatRate = t.vatRate ?? 0;
  const pricesIncludeVat = t.pricesIncludeVat ?? true;
  const currency = s.currency ?? t.currency;
  const priced = snapshotPriced(t, {
    startedAt: new Date(s.startedAt),
    stoppedAt: new Date(s.stoppedAt),
    meterStart: s.meterStart,
    energyWh: s.energyWh,
    chargingEndedAt: usage.chargingEndedAt,
    samples: usage.samples,
  });
  if (priced && priced.gross === s.cost) {
    const lines = priced.lines.map((l) => ({
      type: l.type,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      net: l.net,
      vat: l.vat,
      gross: l.gross,
    }));
    return {
      lines,
      net: priced.net,
      vat: priced.vat,
      gross: priced.gross,
      vatRate,
      pricesIncludeVat,
      currency,
    };
  }
  const vat = vatOfGross(s.cost, vatRate);
  const line: ReceiptLine = {
    type: 'CHARGING',
    quantity: 1,
    unitPrice: null,
    net: s.cost - vat,
    vat,
    gross: s.cost,
  };
  return {
    lines: s.cost > 0 ? [line] : [],
    net: line.net,
    vat,
    gross: s.cost,
    vatRate,
    pricesIncludeVat,
    currency,
  };
}
