import dayjs, { type Dayjs } from 'dayjs';

export const RANGE_PRESETS = { today: 1, week: 7, month: 30 } as const;
export type RangePreset = keyof typeof RANGE_PRESETS;

/** A range of whole days, both ends included, as the date picker shows it (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const dayOf = (d: Dayjs) => d.format('YYYY-MM-DD');

/** The last `days` days up to and including today (the server's default is the last 7). */
export function presetRange(preset: RangePreset, now: Dayjs = dayjs()): DayRange {
  return { from: dayOf(now.subtract(RANGE_PRESETS[preset] - 1, 'day')), to: dayOf(now) };
}

/**
 * The instants sent to the API: midnight of the first day to the end of the last day, but never
 * past now, so a range ending today is compared with a previous range of the same length.
 */
export function rangeInstants(range: DayRange, now: Dayjs = dayjs()): { from: string; to: string } {
  const from = dayjs(range.from).startOf('day');
  const endOfLast = dayjs(range.to).add(1, 'day').startOf('day');
  let to = endOfLast.isAfter(now) ? now : endOfLast;
  if (!to.isAfter(from)) to = from.add(1, 'minute');
  return { from: from.toISOString(), to: to.toISOString() };
}

/** Filters kept in the address (?operatorId=&from=&to=) so a reload or a shared link keeps them. */
export function filtersFromParams(
  params: URLSearchParams,
  now: Dayjs = dayjs(),
): { operatorId?: number; range: DayRange } {
  const id = Number(params.get('operatorId'));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const valid = DAY.test(from) && DAY.test(to) && from <= to && dayjs(from).isValid() && dayjs(to).isValid();
  return {
    operatorId: Number.isInteger(id) && id > 0 ? id : undefined,
    range: valid ? { from, to } : presetRange('week', now),
  };
}

export function filtersToParams(operatorId: number | undefined, range: DayRange): URLSearchParams {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  if (operatorId) params.set('operatorId', String(operatorId));
  return params;
}

/** Every day of the range in order, with zeros for days without sessions (the API skips them). */
export function fillDays<T extends { day: string }>(
  range: DayRange,
  days: readonly T[],
  empty: (day: string) => T,
): T[] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const out: T[] = [];
  for (let d = dayjs(range.from); !d.isAfter(dayjs(range.to), 'day'); d = d.add(1, 'day')) {
    const day = dayOf(d);
    out.push(byDay.get(day) ?? empty(day));
  }
  return out;
}
