import { describe, expect, it } from 'vitest';
import { filterFromParams, filterToParams } from './filter-params';

describe('user list address', () => {
  it('round-trips page and filters', () => {
    const filter = { search: 'ay', operatorId: 3, role: 'Finance' as const, active: false };
    const back = filterFromParams(filterToParams({ filter, index: 2 }));
    expect(back).toEqual({ index: 2, filter });
  });

  it('ignores values the server would reject', () => {
    const back = filterFromParams(new URLSearchParams('index=-4&role=Boss&operatorId=x&active=maybe'));
    expect(back).toEqual({ index: 0, filter: {} });
  });
});
