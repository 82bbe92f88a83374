import type { UptimeFigures } from '@voltline/contract';

/** A half-open span of time [s, e) in epoch milliseconds. */
export type Span = [number, number];

/** The spans merged: sorted, overlapping and touching ones joined. */
export function union(spans: Span[]): Span[] {
  const sorted = spans.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const out: Span[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** Where two merged span lists overlap. */
export function intersect(a: Span[], b: Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [as, ae] = a[i]!;
    const [bs, be] = b[j]!;
    const s = Math.max(as, bs);
    const e = Math.min(ae, be);
    if (e > s) out.push([s, e]);
    if (ae < be) i++;
    else j++;
  }
  return out;
}

export const length = (spans: Span[]) => spans.reduce((n, [s, e]) => n + (e - s), 0);

const MINUTE = 60_000;

export interface Sums {
  periodMs: number;
  outageMs: number;
  excludedMs: number;
}

/** A port's period with its outage and excluded spans (merged, inside the period), measured. */
export function measure(periodMs: number, outage: Span[], excluded: Span[]): Sums {
  return { periodMs, outageMs: length(outage), excludedMs: length(intersect(outage, excluded)) };
}

/**
 * The NEVI figures of one port or of several together (their minutes, outages and exclusions
 * added up): uptime % = (minutes − (outage − excluded)) ÷ minutes × 100.
 */
export function toFigures(parts: Sums[]): UptimeFigures {
  let periodMs = 0;
  let outageMs = 0;
  let excludedMs = 0;
  for (const p of parts) {
    periodMs += p.periodMs;
    outageMs += p.outageMs;
    excludedMs += p.excludedMs;
  }
  return {
    minutes: periodMs / MINUTE,
    outageMinutes: outageMs / MINUTE,
    excludedMinutes: excludedMs / MINUTE,
    uptime: periodMs > 0 ? ((periodMs - (outageMs - excludedMs)) / periodMs) * 100 : null,
  };
}
