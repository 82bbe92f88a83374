const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

export type ClockUnit = 'years' | 'days' | 'hours' | 'minutes';

/**
 * How far off a charger's clock is, in its two largest units (3 years 12 days; 4 hours 5
 * minutes), and whether it runs ahead of Voltline's or behind.
 */
export function clockOffsetParts(offsetMs: number): {
  parts: { unit: ClockUnit; count: number }[];
  direction: 'ahead' | 'behind';
} {
  let rest = Math.abs(offsetMs);
  const parts: { unit: ClockUnit; count: number }[] = [];
  for (const [unit, size] of [
    ['years', YEAR],
    ['days', DAY],
    ['hours', HOUR],
    ['minutes', MINUTE],
  ] as const) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || (parts.length > 0 && parts.length < 2)) parts.push({ unit, count });
    if (parts.length === 2) break;
  }
  const shown = parts.filter((p) => p.count > 0);
  return {
    parts: shown.length > 0 ? shown : [{ unit: 'minutes', count: 0 }],
    direction: offsetMs >= 0 ? 'ahead' : 'behind',
  };
}
