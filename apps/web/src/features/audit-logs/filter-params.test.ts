import { describe, expect, it } from 'vitest';
import { filterFromParams, filterToParams } from './filter-params';

describe('audit log filters in the address', () => {
  it('round-trips every filter and the page', () => {
    const view = {
      index: 2,
      filter: {
        userId: 4,
        operatorId: 2,
        entity: 'tariff',
        action: 'command.reset',
        from: '2026-01-01T00:00:00.000Z',
        to: '2026-01-31T23:59:59.000Z',
      },
    };
    expect(filterFromParams(filterToParams(view))).toEqual(view);
  });

  it('drops what is not a filter value', () => {
    const params = new URLSearchParams('userId=abc&operatorId=-3&entity=<x>&from=yesterday&index=-1');
    expect(filterFromParams(params)).toEqual({ index: 0, filter: {} });
  });
});
