import { GRID_VOLTAGE, type ChargingRateUnit, type SchedulePeriod } from '@voltline/contract';

/** Whether the runtime knows the IANA time zone. */
export function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** HH:MM of `at` in the time zone. */
export function timeOfDay(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('hour')}:${get('minute')}`;
}

/**
 * The limit in force at `at`: a period runs from its `from` until the next period's start or
 * midnight; before the day's first period the group's maxPower applies.
 */
export function limitAt(
  g: { maxPower: number; schedule: SchedulePeriod[]; timeZone: string },
  at: Date,
): number {
  if (g.schedule.length === 0) return g.maxPower;
  const now = timeOfDay(at, validTimeZone(g.timeZone) ? g.timeZone : 'UTC');
  let current: SchedulePeriod | undefined;
  for (const p of g.schedule) if (p.from <= now && (!current || p.from > current.from)) current = p;
  return current ? current.limit : g.maxPower;
}

/** Watts per unit of the group: 1 for W, voltage × phases for A. */
export function wattsPer(unit: ChargingRateUnit, phases: number): number {
  return unit === 'W' ? 1 : GRID_VOLTAGE * phases;
}
