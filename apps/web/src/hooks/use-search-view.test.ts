import { describe, expect, it } from 'vitest';
import { changedFields } from './use-search-view';

type Filter = { idTag?: string; driverId?: number; operatorId?: number };

describe('changedFields', () => {
  it('reports what a filter form changed, a cleared field as undefined', () => {
    const shown: Filter = { idTag: 'DEMO0001', driverId: 4 };
    expect(changedFields(shown, { ...shown, operatorId: 2 })).toEqual({ operatorId: 2 });
    expect(changedFields(shown, { idTag: 'DEMO0001' })).toEqual({ driverId: undefined });
    expect(changedFields(shown, { ...shown })).toEqual({});
  });

  it('keeps a change the form did not know of when applied onto the address', () => {
    // The address already has a card number the form's last render did not show yet.
    const address: Filter = { idTag: 'DEMO0002' };
    const shown: Filter = {};
    const next: Filter = { operatorId: 3 };
    expect({ ...address, ...changedFields(shown, next) }).toEqual({
      idTag: 'DEMO0002',
      operatorId: 3,
    });
  });
});
