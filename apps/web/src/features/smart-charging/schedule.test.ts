import { describe, expect, it } from 'vitest';
import { normaliseTime, scheduleProblems, sortedByTime } from './schedule';

describe('time-of-day schedule rows', () => {
  it('accepts distinct HH:MM times with limits', () => {
    expect(
      scheduleProblems([
        { from: '07:00', limit: 16 },
        { from: '22:30', limit: 32 },
      ]).size,
    ).toBe(0);
  });

  it('names each row with a missing or malformed time, a repeated time or no limit', () => {
    const problems = scheduleProblems([
      { from: '', limit: 10 },
      { from: '24:00', limit: 10 },
      { from: '7:00', limit: 10 },
      { from: '08:00', limit: 10 },
      { from: '08:00', limit: 12 },
      { from: '09:00', limit: null },
      undefined,
    ]);
    expect([...problems]).toEqual([
      [0, 'timeRequired'],
      [1, 'timeOfDay'],
      [2, 'timeOfDay'],
      [4, 'duplicate'],
      [5, 'limitRequired'],
      [6, 'timeRequired'],
    ]);
  });

  it('tidies a loosely typed time and leaves what it cannot read for the check', () => {
    expect(normaliseTime('7:30')).toBe('07:30');
    expect(normaliseTime(' 7.05 ')).toBe('07:05');
    expect(normaliseTime('7:5')).toBe('7:5');
    expect(normaliseTime('noon')).toBe('noon');
  });

  it('orders rows by the time of day', () => {
    expect(
      sortedByTime([{ from: '18:00' }, { from: '06:30' }, { from: '12:00' }]).map((r) => r.from),
    ).toEqual(['06:30', '12:00', '18:00']);
  });
});
