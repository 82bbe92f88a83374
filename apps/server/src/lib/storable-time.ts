/** The times a charger may give that charging happens at: from 1970, before 2200. */
export const MIN_TIME = 0;
export const MAX_TIME = Date.UTC(2200, 0, 1);

/**
 * A time a charger gave only as information (when a report was generated, a message's window),
 * or null where it is no time the database can hold (a clock at year 0): kept, never refused.
 */
export function storableTime(value: string | undefined): Date | null {
  if (value === undefined) return null;
  const t = Date.parse(value);
  return t >= MIN_TIME && t < MAX_TIME ? new Date(t) : null;
}
