import { describe, expect, it } from 'vitest';
import { filterFromParams, filterToParams } from './filter-params';

describe('driver list address', () => {
  it('round-trips page, filters and order', () => {
    const filter = {
      search: 'ali',
      operatorId: 3,
      status: 'blocked' as const,
      hasCard: false,
      sortBy: 'balance' as const,
      sortOrder: 'desc' as const,
    };
    expect(filterFromParams(filterToParams({ filter, index: 4 }))).toEqual({ index: 4, filter });
  });

  it('ignores values the server would reject', () => {
    const back = filterFromParams(
      new URLSearchParams('index=-1&status=gone&operatorId=0&hasCard=1&sortBy=password&sortOrder=up'),
    );
    expect(back).toEqual({ index: 0, filter: {} });
  });
});
