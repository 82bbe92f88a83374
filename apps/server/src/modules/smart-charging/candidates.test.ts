import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, ChargePoint } from '@voltline/contract';
import { createTestApp, type TestApp } from '../../../test/helper.js';

// The "Add charge points" dialog of a smart-charging group offers what the group may take: an
// archived charger was offered and then refused with a 400.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('charge points offered to a smart-charging group', () => {
  it('leave archived charge points out, as the group refuses them', async () => {
    const token = await t.login('admin@voltline.local');
    const me = await t.call<{ data: { operatorId: number } }>('GET', '/api/portal/Auth/me', { token });
    const made: number[] = [];
    for (const chargePointId of ['CAND-KEEP', 'CAND-GONE']) {
      const r = await t.call<{ data: { chargePoint: { id: number } } }>('POST', '/api/portal/ChargePoint', {
        token,
        body: { chargePointId, name: chargePointId, operatorId: me.body.data.operatorId, connectorCount: 1 },
      });
      expect(r.status).toBe(200);
      made.push(r.body.data.chargePoint.id);
    }
    const list = (archived?: boolean) =>
      t.call<{ data: Page<ChargePoint> }>(
        'POST',
        '/api/portal/ChargePoint/GetAllChargePointsDynamic?index=0&size=10',
        {
          token,
          body: { search: 'CAND-', archived },
        },
      );
    const ids = async (archived?: boolean) =>
      (await list(archived)).body.data.items.map((c) => c.chargePointId);
    expect(await ids(false)).toEqual(['CAND-GONE', 'CAND-KEEP']);

    expect((await t.call('DELETE', `/api/portal/ChargePoint/${made[1]}`, { token })).status).toBe(200);
    expect(await ids(false)).toEqual(['CAND-KEEP']);
    expect(await ids(true)).toEqual(['CAND-GONE']);
    // The full list still shows both, as the charge point list's "All" tab does.
    expect(await ids()).toEqual(['CAND-GONE', 'CAND-KEEP']);
  });
});
