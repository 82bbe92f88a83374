export type Trend = 'up' | 'down' | 'flat';

export interface Change {
  trend: Trend;
  /** Relative change as a fraction (0.25 = +25 %); null when there is nothing to compare with. */
  ratio: number | null;
}

/** How a figure moved against the previous range of the same length. */
export function changeOf(current: number, previous: number): Change {
  if (current === previous) return { trend: 'flat', ratio: 0 };
  const trend: Trend = current > previous ? 'up' : 'down';
  if (previous === 0) return { trend, ratio: null };
  return { trend, ratio: (current - previous) / Math.abs(previous) };
}
