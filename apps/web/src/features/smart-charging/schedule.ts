/** One row of the time-of-day editor, as typed (limit in the unit shown). */
export interface ScheduleRow {
  from?: string;
  limit?: number | null;
}

export type ScheduleProblem = 'timeRequired' | 'timeOfDay' | 'duplicate' | 'limitRequired';

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * What is wrong with each row, by index (rows without a problem are left out): the time must be
 * HH:MM on the 24-hour clock, no two rows may start at the same time, and every row needs a limit.
 */
export function scheduleProblems(rows: readonly (ScheduleRow | undefined)[]): Map<number, ScheduleProblem> {
  const problems = new Map<number, ScheduleProblem>();
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const from = row?.from?.trim() ?? '';
    if (!from) problems.set(i, 'timeRequired');
    else if (!TIME_OF_DAY.test(from)) problems.set(i, 'timeOfDay');
    else if (seen.has(from)) problems.set(i, 'duplicate');
    else if (row?.limit === null || row?.limit === undefined) problems.set(i, 'limitRequired');
    if (TIME_OF_DAY.test(from)) seen.add(from);
  });
  return problems;
}

/** Rows in the order of the day, which is how the schedule reads and is kept. */
export const sortedByTime = <T extends { from: string }>(rows: readonly T[]): T[] =>
  [...rows].sort((a, b) => a.from.localeCompare(b.from));

/** "7:30" or "7.30" becomes "07:30"; anything else is left as typed (trimmed) for the check to judge. */
export function normaliseTime(typed: string): string {
  const m = /^\s*(\d{1,2})[:.](\d{2})\s*$/.exec(typed);
  if (!m?.[1] || !m[2]) return typed.trim();
  return `${m[1].padStart(2, '0')}:${m[2]}`;
}
