import {
  DAYS_OF_WEEK,
  type PriceComponent,
  type PriceComponentType,
  type TariffComponents,
  type TariffRestrictions,
} from '../tariff-components.js';
import { localParts } from './local-time.js';
import { cutTimeline, readsLocalTime, type Piece, type SessionTimeline } from './timeline.js';

export type { MeterSample, SessionTimeline } from './timeline.js';

/** How a tariff's prices are stated: its components, the operator's VAT and whether prices include it. */
export interface PricingTerms {
  components: TariffComponents;
  /** Basis points: 2000 is 20 %. */
  vatRate: number;
  pricesIncludeVat: boolean;
}

/** One line of a session's bill: what one component of one element charged. */
export interface CostLine {
  type: PriceComponentType;
  /** Index of the tariff element that priced it. */
  element: number;
  /** Wh for ENERGY, seconds for TIME and PARKING_TIME (whole steps), 1 for FLAT. */
  quantity: number;
  /** Minor units per kWh, per hour or per session, as the tariff states it. */
  unitPrice: number;
  net: number;
  vat: number;
  gross: number;
}

export interface PricedSession {
  lines: CostLine[];
  net: number;
  vat: number;
  gross: number;
}

/** AFIR's order of a price: per kWh, per minute, per session; parking last. */
const LINE_ORDER: PriceComponentType[] = ['ENERGY', 'TIME', 'FLAT', 'PARKING_TIME'];
/** Amounts are exact in 1/D of a minor unit: D = 3 600 000 (ms per hour, and a multiple of Wh per kWh). */
const D = 3_600_000n;

interface Ctx {
  at: number;
  cumWh: number;
  seconds: number;
  powerKw: number;
  date: string;
  minute: number;
  weekday: number;
}

const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** OCPI 2.2.1 TariffRestrictions: every restriction given must hold; start/min inclusive, end/max exclusive. */
export function restrictionsHold(r: TariffRestrictions | undefined, c: Ctx): boolean {
  if (!r) return true;
  if (r.startTime !== undefined || r.endTime !== undefined) {
    const s = r.startTime === undefined ? 0 : toMinute(r.startTime);
    const e = r.endTime === undefined ? 24 * 60 : toMinute(r.endTime);
    const inBand = s < e ? c.minute >= s && c.minute < e : c.minute >= s || c.minute < e;
    if (!inBand) return false;
  }
  if (r.startDate !== undefined && c.date < r.startDate) return false;
  if (r.endDate !== undefined && c.date >= r.endDate) return false;
  if (r.minKwh !== undefined && c.cumWh < Math.round(r.minKwh * 1000)) return false;
  if (r.maxKwh !== undefined && c.cumWh >= Math.round(r.maxKwh * 1000)) return false;
  if (r.minPowerKw !== undefined && c.powerKw < r.minPowerKw) return false;
  if (r.maxPowerKw !== undefined && c.powerKw >= r.maxPowerKw) return false;
  if (r.minDurationSeconds !== undefined && c.seconds < r.minDurationSeconds) return false;
  if (r.maxDurationSeconds !== undefined && c.seconds >= r.maxDurationSeconds) return false;
  if (r.dayOfWeek !== undefined && !r.dayOfWeek.includes(DAYS_OF_WEEK[c.weekday]!)) return false;
  return true;
}

function firstMatch(components: TariffComponents, type: PriceComponentType, c: Ctx) {
  for (const [index, e] of components.elements.entries()) {
    const pc = e.priceComponents.find((p) => p.type === type);
    if (pc && restrictionsHold(e.restrictions, c)) return { index, pc };
  }
  return undefined;
}

interface Acc {
  type: PriceComponentType;
  element: number;
  pc: PriceComponent;
  /** Wh, ms, or sessions. */
  amount: number;
  lastUse: number;
}

/** Half up, for non-negative amounts. */
const roundHalfUp = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);

/**
 * Prices a session by OCPI 2.2.1 tariff components.
 *
 * Which element applies: the session is cut into pieces in which no restriction can change
 * (timeline.ts); for each piece and each component type the first element whose restrictions
 * hold for the piece's start and that has a component of that type prices the piece. ENERGY
 * prices the piece's Wh; TIME its time while charging; PARKING_TIME its time after charging
 * ended, except the component's grace minutes after that end; FLAT once, by the first piece
 * where an element with a FLAT component applies.
 *
 * Rounding (docs/tariffs.md):
 * 1. step_size: each type's total quantity (Wh, or time in ms) is rounded UP to whole steps
 *    (stepSize Wh or stepSize seconds) of the component that applied last; the added quantity is
 *    priced at that component's price. Time is thus billed in whole seconds at least.
 * 2. Amounts are exact (integers in 1/3 600 000 of a minor unit) until the end: the session's
 *    total as stated is rounded half up ONCE to minor units, so lines never accumulate rounding.
 * 3. Each line shows its share by cumulative rounding: line i is round(sum of lines 1..i) minus
 *    round(sum of lines 1..i-1); the lines add up to the total, each within one minor unit of its
 *    exact amount.
 * 4. VAT: when prices include VAT, the stated total is the gross, VAT is
 *    round_half_up(gross_exact × rate / (1 + rate)) and net = gross − VAT; when they exclude it,
 *    the stated total is the net, VAT is round_half_up(net_exact × rate) and gross = net + VAT.
 *    VAT per line is cumulative-rounded the same way, so the lines add up to the totals.
 *
 * Returns null when an amount is beyond exact JavaScript integers (such a session is held).
 */
export function priceSession(terms: PricingTerms, session: SessionTimeline): PricedSession | null {
  const { components } = terms;
  const pieces = cutTimeline(components, session);
  const t0 = session.startedAt.getTime();
  const chargingEnd = Math.min(
    Math.max(t0, session.stoppedAt.getTime()),
    Math.max(t0, (session.chargingEndedAt ?? session.stoppedAt).getTime()),
  );
  const accs = new Map<string, Acc>();
  const add = (
    type: PriceComponentType,
    m: { index: number; pc: PriceComponent },
    amount: number,
    at: number,
  ) => {
    const key = `${type}:${m.index}`;
    const acc = accs.get(key) ?? { type, element: m.index, pc: m.pc, amount: 0, lastUse: at };
    acc.amount += amount;
    acc.lastUse = Math.max(acc.lastUse, at);
    accs.set(key, acc);
  };

  const local = readsLocalTime(components);
  let flat = false;
  for (const p of pieces) {
    const c = contextOf(p, t0, local ? session.timeZone : undefined);
    if (!flat) {
      const m = firstMatch(components, 'FLAT', c);
      if (m) {
        add('FLAT', m, 1, p.from);
        flat = true;
      }
    }
    if (p.wh > 0) {
      const m = firstMatch(components, 'ENERGY', c);
      if (m) add('ENERGY', m, p.wh, p.from);
    }
    const ms = p.to - p.from;
    if (ms <= 0) continue;
    if (p.charging) {
      const m = firstMatch(components, 'TIME', c);
      if (m) add('TIME', m, ms, p.from);
    } else {
      const m = firstMatch(components, 'PARKING_TIME', c);
      if (m && p.from >= chargingEnd + (m.pc.graceMinutes ?? 0) * 60_000) add('PARKING_TIME', m, ms, p.from);
    }
  }

  applyStepSizes([...accs.values()]);
  const ordered = [...accs.values()].sort(
    (a, b) => LINE_ORDER.indexOf(a.type) - LINE_ORDER.indexOf(b.type) || a.element - b.element,
  );
  return toLines(ordered, terms);
}

function contextOf(p: Piece, t0: number, timeZone: string | undefined): Ctx {
  return {
    at: p.from,
    cumWh: p.startWh,
    seconds: (p.from - t0) / 1000,
    powerKw: p.powerW / 1000,
    ...(timeZone === undefined ? { date: '', minute: 0, weekday: 0 } : localParts(p.from, timeZone)),
  };
}

/** Each type's total in whole steps of the component that applied last (OCPI step_size). */
function applyStepSizes(accs: Acc[]) {
  for (const type of ['ENERGY', 'TIME', 'PARKING_TIME'] as const) {
    const ofType = accs.filter((a) => a.type === type);
    if (ofType.length === 0) continue;
    const last = ofType.reduce((a, b) => (b.lastUse >= a.lastUse ? b : a));
    const step = type === 'ENERGY' ? last.pc.stepSize : last.pc.stepSize * 1000;
    const total = ofType.reduce((s, a) => s + a.amount, 0);
    last.amount += Math.ceil(total / step) * step - total;
  }
}

/** The exact amount as stated, in 1/D minor units. */
function exact(a: Acc): bigint {
  const price = BigInt(a.pc.price);
  const q = BigInt(Math.round(a.amount));
  if (a.type === 'ENERGY') return q * price * 3600n; // Wh × per-kWh price × D / 1000
  if (a.type === 'FLAT') return price * D;
  return q * price; // ms × per-hour price: D is ms per hour
}

function toLines(accs: Acc[], terms: PricingTerms): PricedSession | null {
  const rate = BigInt(terms.vatRate);
  let stated = 0n;
  let prevStated = 0n;
  let prevVat = 0n;
  const lines: CostLine[] = [];
  for (const a of accs) {
    stated += exact(a);
    const statedRounded = roundHalfUp(stated, D);
    const vatRounded = terms.pricesIncludeVat
      ? roundHalfUp(stated * rate, D * (10_000n + rate))
      : roundHalfUp(stated * rate, D * 10_000n);
    const part = statedRounded - prevStated;
    const vat = vatRounded - prevVat;
    const [net, gross] = terms.pricesIncludeVat ? [part - vat, part] : [part, part + vat];
    prevStated = statedRounded;
    prevVat = vatRounded;
    lines.push({
      type: a.type,
      element: a.element,
      quantity: a.type === 'FLAT' ? 1 : a.type === 'ENERGY' ? a.amount : a.amount / 1000,
      unitPrice: a.pc.price,
      net: Number(net),
      vat: Number(vat),
      gross: Number(gross),
    });
  }
  const gross = terms.pricesIncludeVat ? prevStated : prevStated + prevVat;
  if (gross > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return {
    lines,
    net: Number(gross - prevVat),
    vat: Number(prevVat),
    gross: Number(gross),
  };
}
