import type { LimitPeriod } from '@voltline/contract';

/**
 * The limit a schedule sets at `at`: each period runs from its start (seconds after the schedule's
 * start) until the next one's. Null before the first period or with no periods.
 */
export function limitInForce(start: Date, periods: LimitPeriod[], at: Date): LimitPeriod | null {
  const elapsed = (at.getTime() - start.getTime()) / 1000;
  let current: LimitPeriod | null = null;
  for (const p of [...periods].sort((a, b) => a.startPeriod - b.startPeriod)) {
    if (p.startPeriod <= elapsed) current = p;
  }
  return current;
}
