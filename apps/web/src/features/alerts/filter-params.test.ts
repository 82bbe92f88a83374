import { describe, expect, it } from 'vitest';
import { filterFromParams, filterToParams } from './filter-params';

const parse = (q: string) => filterFromParams(new URLSearchParams(q));

describe('alert list address', () => {
  it('opens on the open alerts', () => {
    expect(parse('')).toEqual({ index: 0, filter: { state: 'open' } });
    expect(parse('state=bogus')).toEqual({ index: 0, filter: { state: 'open' } });
    expect(filterToParams(parse('')).toString()).toBe('');
  });

  it('keeps the tab, the operator, the charger and the page', () => {
    const view = parse('state=acknowledged&operatorId=3&chargePointId=CP-1&index=2');
    expect(view).toEqual({
      index: 2,
      filter: { state: 'acknowledged', operatorId: 3, chargePointId: 'CP-1' },
    });
    expect(filterToParams(view).toString()).toBe(
      'state=acknowledged&operatorId=3&chargePointId=CP-1&index=2',
    );
  });

  it('shows every alert with state=all, and drops a wrong operator', () => {
    const view = parse('state=all&operatorId=x');
    expect(view.filter).toEqual({ state: undefined });
    expect(filterToParams(view).get('state')).toBe('all');
  });
});
