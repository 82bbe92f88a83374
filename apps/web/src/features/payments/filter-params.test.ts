import { describe, expect, it } from 'vitest';
import { filterFromParams, filterToParams } from './filter-params';

describe('payment report address', () => {
  it('round-trips page and filters', () => {
    const filter = {
      from: '2025-01-01T00:00:00.000Z',
      to: '2025-02-01T00:00:00.000Z',
      pgTranId: 'VL-SES-12',
      driverId: 4,
      operatorId: 2,
      kind: 'session' as const,
      state: 'partiallyRefunded' as const,
    };
    expect(filterFromParams(filterToParams({ filter, index: 3 }))).toEqual({ index: 3, filter });
  });

  it('ignores unknown kinds, states and ids', () => {
    expect(filterFromParams(new URLSearchParams('kind=gift&state=lost&driverId=x&index=-1'))).toEqual({
      index: 0,
      filter: {},
    });
  });
});
