import { describe, expect, it } from 'vitest';
import { filterFromParams, filterToParams } from './filter-params';

describe('the maintenance log address', () => {
  it('keeps the page and filters through a reload', () => {
    const view = {
      index: 2,
      filter: {
        chargePointId: 'CP-1',
        operatorId: 3,
        type: 'fault' as const,
        source: 'auto' as const,
        from: '2026-11-01T00:00:00.000Z',
        search: 'relay',
      },
    };
    expect(filterFromParams(filterToParams(view))).toEqual(view);
  });

  it('drops what is not a filter value: unknown types and sources, bad numbers and dates', () => {
    const params = new URLSearchParams('type=explosion&source=magic&operatorId=-4&from=yesterday&index=x');
    expect(filterFromParams(params)).toEqual({ index: 0, filter: {} });
  });
});
