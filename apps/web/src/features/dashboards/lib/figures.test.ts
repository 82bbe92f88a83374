import { describe, expect, it } from 'vitest';
import { changePercent, kwh, percent } from './figures';

describe('dashboard figures in the interface language', () => {
  it('shows energy in kWh with one decimal', () => {
    expect(kwh(12_345, 'en')).toBe('12.3');
    expect(kwh(1_234_567, 'tr')).toBe('1.234,6');
    expect(kwh(0, 'en')).toBe('0.0');
  });

  it('shows shares as percentages the way each language writes them', () => {
    expect(percent(0.1234, 'en')).toBe('12.3%');
    expect(percent(0.5, 'tr')).toBe('%50');
  });

  it('shows a change without its sign, the arrow carries the direction', () => {
    expect(changePercent(-0.25, 'en')).toBe('25%');
    expect(changePercent(1.5, 'tr')).toBe('%150');
  });
});
