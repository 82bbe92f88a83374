import { describe, expect, it } from 'vitest';
import type { SearchHit } from '@voltline/contract';
import { hitPath } from './search-paths';

const hit = (kind: SearchHit['kind'], id: number, title: string, targetId = id): SearchHit => ({
  kind,
  id,
  title,
  targetId,
  detail: null,
});

describe('a search hit opens its record', () => {
  it('opens each kind on its own page, a card on its driver’s, a session in the sessions report', () => {
    expect(hitPath(hit('chargePoint', 3, 'CP 1/a'))).toBe('/portal/management/device/detail/CP%201%2Fa');
    expect(hitPath(hit('driver', 4, 'Ali'))).toBe('/portal/management/driver/detail/4');
    expect(hitPath(hit('card', 9, 'DEMO0001', 4))).toBe('/portal/management/driver/detail/4');
    expect(hitPath(hit('user', 2, 'Merve'))).toBe('/portal/management/user/detail/2');
    expect(hitPath(hit('operator', 5, 'Ankara'))).toBe('/portal/management/operator/detail/5');
    expect(hitPath(hit('session', 77, '#77'))).toBe('/portal/reports/chargingsessions?tab=all&session=77');
  });
});
