import { describe, expect, it } from 'vitest';
import { filterFromParams, filterToParams } from './filter-params';

describe('device firmware filters in the address', () => {
  it('reads back what it wrote', () => {
    const view = {
      index: 2,
      filter: {
        operatorId: 4,
        brand: 'Voltline',
        model: 'VL-22',
        firmwareVersion: '9.9.9',
        connection: 'Connected' as const,
        search: 'CP-1',
      },
    };
    expect(filterFromParams(filterToParams(view))).toEqual(view);
  });

  it('leaves out what is not a valid filter', () => {
    const params = new URLSearchParams('operatorId=-3&connection=Maybe&index=x&firmwareVersion=&search=%20');
    expect(filterFromParams(params)).toEqual({ index: 0, filter: {} });
    expect(filterToParams({ index: 0, filter: {} }).toString()).toBe('');
  });
});
