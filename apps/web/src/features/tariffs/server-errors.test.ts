import { describe, expect, it } from 'vitest';
import { formPathOf } from './server-errors';

describe('server field errors at the form field they name', () => {
  it('finds the fields of the simple tariff', () => {
    expect(formPathOf('body.validTo')).toEqual(['validTo']);
    expect(formPathOf('body.overLimitPricePerKwh')).toEqual(['overLimitPricePerKwh']);
  });

  it('finds a restriction or a price inside the element lists', () => {
    expect(formPathOf('body.components.elements.1.restrictions.endDate')).toEqual([
      'elements',
      1,
      'restrictions',
      'endDate',
    ]);
    expect(formPathOf('body.components.elements.0.priceComponents.2.graceMinutes')).toEqual([
      'elements',
      0,
      'components',
      2,
      'graceMinutes',
    ]);
    // An element's own refusal (two prices of one kind) lands on its list of prices.
    expect(formPathOf('body.components.elements.3.priceComponents')).toEqual(['elements', 3, 'components']);
  });

  it('finds durations, which the form takes in minutes', () => {
    expect(formPathOf('body.components.elements.0.restrictions.maxDurationSeconds')).toEqual([
      'elements',
      0,
      'restrictions',
      'maxDurationMinutes',
    ]);
  });
});
