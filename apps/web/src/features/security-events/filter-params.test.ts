import { describe, expect, it } from 'vitest';
import { filterFromParams, filterToParams } from './filter-params';

describe('security event filters in the address', () => {
  it('keeps the filters and the page across a reload', () => {
    const view = {
      index: 2,
      filter: {
        chargePointId: 'CP-1',
        type: 'TamperDetectionActivated',
        criticalOnly: true,
        from: '2026-01-01T00:00:00.000Z',
      },
    };
    expect(filterFromParams(filterToParams(view))).toEqual(view);
  });

  it('drops what is not a filter value', () => {
    const params = new URLSearchParams('criticalOnly=yes&from=nonsense&index=-3&type=%20');
    expect(filterFromParams(params)).toEqual({ index: 0, filter: {} });
  });
});
