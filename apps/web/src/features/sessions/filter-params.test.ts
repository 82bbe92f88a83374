import { describe, expect, it } from 'vitest';
import { requestFilter, viewFromParams, viewToParams } from './filter-params';

describe('session report address', () => {
  it('opens on the Active tab with no filters', () => {
    expect(viewFromParams(new URLSearchParams())).toEqual({ tab: 'active', index: 0, filter: {} });
  });

  it('round-trips tab, page, filters and the open session', () => {
    const params = new URLSearchParams(
      'tab=all&index=2&from=2025-01-01T00:00:00.000Z&chargePointId=CP-1&driverId=4&idTag=DEMO0001&operatorId=3&roaming=1&state=failed&session=77',
    );
    const view = viewFromParams(params);
    expect(view).toEqual({
      tab: 'all',
      index: 2,
      sessionId: 77,
      filter: {
        from: '2025-01-01T00:00:00.000Z',
        chargePointId: 'CP-1',
        driverId: 4,
        idTag: 'DEMO0001',
        operatorId: 3,
        roaming: true,
        state: 'failed',
      },
    });
    expect(viewFromParams(viewToParams(view))).toEqual(view);
  });

  it('ignores what it cannot use', () => {
    const view = viewFromParams(new URLSearchParams('tab=x&index=-3&driverId=abc&state=bogus&from=never'));
    expect(view).toEqual({ tab: 'active', index: 0, filter: {} });
  });

  it('asks only for running sessions on the Active tab, where state does not apply', () => {
    expect(requestFilter({ tab: 'active', filter: { idTag: 'A', state: 'failed' } })).toEqual({
      idTag: 'A',
      active: true,
    });
    expect(requestFilter({ tab: 'all', filter: { state: 'failed' } })).toEqual({ state: 'failed' });
  });

  it('filters the All tab by refused starts', () => {
    const view = viewFromParams(new URLSearchParams('tab=all&state=refused'));
    expect(view.filter).toEqual({ state: 'refused' });
    expect(viewToParams(view).get('state')).toBe('refused');
  });

  it('lists the sessions held for review, from a link staff can share', () => {
    const view = viewFromParams(new URLSearchParams('tab=all&state=review'));
    expect(view.filter).toEqual({ state: 'review' });
    expect(viewToParams(view).get('state')).toBe('review');
  });
});
