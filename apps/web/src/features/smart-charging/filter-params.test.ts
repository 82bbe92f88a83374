import { describe, expect, it } from 'vitest';
import { filterFromParams, filterToParams } from './filter-params';

describe('smart-charging list address', () => {
  it('keeps page, search and operator through the address', () => {
    const view = { index: 2, filter: { search: 'depot', operatorId: 7 } };
    expect(filterFromParams(filterToParams(view))).toEqual(view);
  });

  it('ignores what it cannot read', () => {
    expect(filterFromParams(new URLSearchParams('index=-3&operatorId=abc&search=%20'))).toEqual({
      index: 0,
      filter: {},
    });
  });
});
