import { describe, expect, it } from 'vitest';
import { changeOf } from './change';

describe('change against the previous range', () => {
  it('gives the direction and the relative change', () => {
    expect(changeOf(150, 100)).toEqual({ trend: 'up', ratio: 0.5 });
    expect(changeOf(75, 100)).toEqual({ trend: 'down', ratio: -0.25 });
  });

  it('is flat when nothing moved, including two empty ranges', () => {
    expect(changeOf(40, 40)).toEqual({ trend: 'flat', ratio: 0 });
    expect(changeOf(0, 0)).toEqual({ trend: 'flat', ratio: 0 });
  });

  it('has a direction but no percentage when the previous range was empty', () => {
    expect(changeOf(12, 0)).toEqual({ trend: 'up', ratio: null });
  });

  it('falls to -100 % when the range is empty after a busy one', () => {
    expect(changeOf(0, 8)).toEqual({ trend: 'down', ratio: -1 });
  });
});
