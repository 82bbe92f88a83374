import type { TariffComponents } from '../tariff-components.js';
import { localBoundaries } from './local-time.js';

/** A meter reading during a session: the meter in Wh, and the power at that moment when known. */
export interface MeterSample {
  at: Date;
  wh: number;
  w?: number | null;
}

/** What the pricing engine knows of a session. */
export interface SessionTimeline {
  startedAt: Date;
  stoppedAt: Date;
  /** When the car stopped drawing energy; the stop when unknown. Parking is priced after it. */
  chargingEndedAt?: Date | null;
  meterStartWh: number;
  meterStopWh: number;
  samples?: MeterSample[];
  /** IANA time zone of the charge point: time, date and day restrictions are read in it. */
  timeZone: string;
}

/** A stretch of the session in which no restriction can change. Energy in whole Wh. */
export interface Piece {
  from: number;
  to: number;
  /** Energy since the session's start at `from`, and delivered within the piece. */
  startWh: number;
  wh: number;
  powerW: number;
  charging: boolean;
}

const kwhToWh = (kwh: number) => Math.round(kwh * 1000);
const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Cuts the session into pieces at every meter sample, the end of charging, every local midnight
 * and time-of-day bound, every duration bound and parking grace end, and every kWh bound. Energy
 * between two samples is spread linearly over their time (rounded down to whole Wh at a cut, so
 * the pieces add up to the session's energy exactly); the energy is the meter's, rounded to Wh.
 */
export function cutTimeline(components: TariffComponents, s: SessionTimeline): Piece[] {
  const t0 = s.startedAt.getTime();
  const t1 = Math.max(t0, s.stoppedAt.getTime());
  const total = Math.max(0, Math.round(s.meterStopWh - s.meterStartWh));
  const chargingEnd = Math.min(t1, Math.max(t0, (s.chargingEndedAt ?? s.stoppedAt).getTime()));

  // Readings: monotone, within the session's span and energy.
  const points: { at: number; cum: number; w: number | null }[] = [{ at: t0, cum: 0, w: null }];
  const samples = [...(s.samples ?? [])].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const m of samples) {
    const at = m.at.getTime();
    const last = points[points.length - 1]!;
    if (at <= last.at || at >= t1 || !Number.isFinite(m.wh)) continue;
    const cum = Math.min(total, Math.max(last.cum, Math.round(m.wh - s.meterStartWh)));
    points.push({ at, cum, w: m.w ?? null });
  }
  points.push({ at: t1, cum: total, w: null });

  const cuts = new Set<number>([chargingEnd]);
  const minutes = new Set<number>();
  const energyBounds = new Set<number>();
  for (const e of components.elements) {
    const r = e.restrictions;
    for (const c of e.priceComponents) {
      if (c.type === 'PARKING_TIME' && c.graceMinutes) cuts.add(chargingEnd + c.graceMinutes * 60_000);
    }
    if (!r) continue;
    if (r.minDurationSeconds !== undefined) cuts.add(t0 + r.minDurationSeconds * 1000);
    if (r.maxDurationSeconds !== undefined) cuts.add(t0 + r.maxDurationSeconds * 1000);
    if (r.startTime) minutes.add(toMinute(r.startTime));
    if (r.endTime) minutes.add(toMinute(r.endTime));
    if (r.minKwh !== undefined) energyBounds.add(kwhToWh(r.minKwh));
    if (r.maxKwh !== undefined) energyBounds.add(kwhToWh(r.maxKwh));
  }
  if (readsLocalTime(components)) {
    for (const b of localBoundaries(t0, t1, [...minutes], s.timeZone)) cuts.add(b);
  }
  const timeCuts = [...cuts].filter((c) => c > t0 && c < t1).sort((a, b) => a - b);
  const bounds = [...energyBounds].sort((a, b) => a - b);

  const pieces: Piece[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const span = b.at - a.at;
    const avgW = span > 0 ? ((b.cum - a.cum) * 3_600_000) / span : 0;
    const powerW = a.w ?? avgW;
    const cumAt = (t: number) =>
      span > 0 ? a.cum + Math.floor(((b.cum - a.cum) * (t - a.at)) / span) : a.cum;
    const edges = [a.at, ...timeCuts.filter((c) => c > a.at && c < b.at), b.at];
    for (let j = 1; j < edges.length; j++) {
      const from = edges[j - 1]!;
      const to = edges[j]!;
      const e0 = cumAt(from);
      const e1 = j === edges.length - 1 ? b.cum : cumAt(to);
      splitByEnergy(pieces, { from, to, e0, e1, powerW, chargingEnd }, bounds);
    }
  }
  return pieces;
}

function splitByEnergy(
  out: Piece[],
  p: { from: number; to: number; e0: number; e1: number; powerW: number; chargingEnd: number },
  bounds: number[],
) {
  let from = p.from;
  let e = p.e0;
  for (const bound of bounds) {
    if (bound <= e || bound >= p.e1) continue;
    const at = p.from + Math.round(((bound - p.e0) * (p.to - p.from)) / (p.e1 - p.e0));
    out.push(piece(from, at, e, bound - e, p.powerW, p.chargingEnd));
    from = at;
    e = bound;
  }
  out.push(piece(from, p.to, e, p.e1 - e, p.powerW, p.chargingEnd));
}

const piece = (
  from: number,
  to: number,
  startWh: number,
  wh: number,
  powerW: number,
  chargingEnd: number,
) => ({
  from,
  to,
  startWh,
  wh,
  powerW,
  charging: from < chargingEnd,
});

/** Whether any restriction reads the local clock or calendar (if none, the zone is never consulted). */
export function readsLocalTime(components: TariffComponents): boolean {
  return components.elements.some(
    ({ restrictions: r }) =>
      r !== undefined &&
      (r.startTime !== undefined ||
        r.endTime !== undefined ||
        r.startDate !== undefined ||
        r.endDate !== undefined ||
        r.dayOfWeek !== undefined),
  );
}
