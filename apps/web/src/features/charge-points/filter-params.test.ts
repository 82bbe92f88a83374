import { describe, expect, it } from 'vitest';
import { listFilter } from './api/get-charge-points';
import { filterFromParams, filterToParams } from './filter-params';

describe('device list address', () => {
  it('keeps the list, page and filters through the address', () => {
    const state = {
      kind: 'archived' as const,
      index: 2,
      filter: {
        search: 'IST',
        operatorId: 3,
        connection: 'Connected' as const,
        status: 'Faulted' as const,
        state: 'partlyFaulted' as const,
        registrationStatus: 'rejected' as const,
        ocppProtocol: 'ocpp2.0.1' as const,
      },
    };
    expect(filterFromParams(filterToParams(state))).toEqual(state);
  });

  it('ignores unknown lists and statuses', () => {
    const state = filterFromParams(
      new URLSearchParams('list=gone&status=Sleeping&state=Broken&connection=Maybe&protocol=ocpp3&index=-4'),
    );
    expect(state).toEqual({ kind: 'active', index: 0, filter: {} });
  });

  it('names the list in the body, so an export covers the tab on screen', () => {
    expect(listFilter('inactive', { city: 'Ankara' })).toEqual({ city: 'Ankara', list: 'inactive' });
    expect(listFilter('all', { brand: 'ABB' })).toEqual({ brand: 'ABB', list: 'all' });
  });
});
