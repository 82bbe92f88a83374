import { describe, expect, it } from 'vitest';
import { clockOffsetParts } from './clock-offset';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe("how far off a charger's clock is", () => {
  it('tells years and days behind for a clock at 1971', () => {
    expect(clockOffsetParts(-(55 * 365 + 12) * DAY - 5 * MIN)).toEqual({
      parts: [
        { unit: 'years', count: 55 },
        { unit: 'days', count: 12 },
      ],
      direction: 'behind',
    });
  });

  it('tells hours and minutes ahead, leaving out a unit that is zero', () => {
    expect(clockOffsetParts((4 * 60 + 5) * MIN)).toEqual({
      parts: [
        { unit: 'hours', count: 4 },
        { unit: 'minutes', count: 5 },
      ],
      direction: 'ahead',
    });
    expect(clockOffsetParts(2 * DAY + 3 * MIN)).toEqual({
      parts: [{ unit: 'days', count: 2 }],
      direction: 'ahead',
    });
  });
});
