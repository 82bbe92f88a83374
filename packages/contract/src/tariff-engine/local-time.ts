/** Wall-clock reading of instants in a charge point's time zone, for tariff restrictions. */

export interface LocalParts {
  /** YYYY-MM-DD */
  date: string;
  /** Minutes since local midnight. */
  minute: number;
  /** 0 Monday … 6 Sunday (OCPI's DayOfWeek order). */
  weekday: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

function fields(ms: number, timeZone: string) {
  const out: Record<string, number> = {};
  for (const p of formatOf(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    y: out.year ?? 1970,
    mo: out.month ?? 1,
    d: out.day ?? 1,
    h: out.hour ?? 0,
    mi: out.minute ?? 0,
    s: out.second ?? 0,
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function localParts(ms: number, timeZone: string): LocalParts {
  const f = fields(ms, timeZone);
  const weekday = (new Date(Date.UTC(f.y, f.mo - 1, f.d)).getUTCDay() + 6) % 7;
  return { date: `${pad(f.y, 4)}-${pad(f.mo)}-${pad(f.d)}`, minute: f.h * 60 + f.mi, weekday };
}

/** The zone's offset from UTC at an instant, in ms (whole seconds; sub-second parts dropped). */
function offsetAt(ms: number, timeZone: string): number {
  const f = fields(ms, timeZone);
  const asUtc = Date.UTC(f.y, f.mo - 1, f.d, f.h, f.mi, f.s);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a local wall-clock minute begins. A minute skipped by a DST change maps to the
 * instant after the gap; a repeated one to its first occurrence.
 */
export function localToInstant(y: number, mo: number, d: number, minute: number, timeZone: string): number {
  const guess = Date.UTC(y, mo - 1, d, 0, minute);
  const a = guess - offsetAt(guess, timeZone);
  const b = guess - offsetAt(a, timeZone);
  const valid = [a, b].filter((c) => offsetAt(c, timeZone) === guess - c);
  return valid.length > 0 ? Math.min(...valid) : Math.max(a, b);
}

/**
 * The instants in (from, to) where a local day begins or one of `minutes` of the day begins, in
 * order: where time-of-day, date and day-of-week restrictions can change.
 */
export function localBoundaries(from: number, to: number, minutes: number[], timeZone: string): number[] {
  const out = new Set<number>();
  const day = 24 * 3600_000;
  const marks = [0, ...minutes];
  // A day either side covers any offset (at most ±14 h).
  for (let t = from - day; t <= to + day; t += day) {
    const p = fields(t, timeZone);
    for (const m of marks) {
      const at = localToInstant(p.y, p.mo, p.d, m, timeZone);
      if (at > from && at < to) out.add(at);
    }
  }
  return [...out].sort((a, b) => a - b);
}
