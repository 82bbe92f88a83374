import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, SmartChargingGroup, SmartChargingGroupDetail } from '@voltline/contract';
import { ensureDemoChargers } from '../../seed/demo-chargers.js';
import { DEMO_GROUP_NAME, ensureDemoSmartCharging } from '../../seed/demo-smart-charging.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';

// The demo shows smart charging from the first start: one group on three demo chargers.

let t: TestApp;
type Answer<T> = { data: T };

beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoChargers(t.database.db, t.config, 5);
  await ensureDemoSmartCharging(t.database.db);
  await ensureDemoSmartCharging(t.database.db);
});
afterAll(() => t.close());

describe('the demo smart-charging group', () => {
  it('exists once, on three İstanbul demo chargers, with an evening period', async () => {
    const token = await t.login('istanbul@voltline.local');
    const list = await t.call<Answer<Page<SmartChargingGroup>>>('GET', '/api/portal/SmartCharging', {
      token,
    });
    const groups = list.body.data.items.filter((g) => g.name === DEMO_GROUP_NAME);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      maxPower: 63,
      minPerSession: 6,
      mode: 'equal',
      chargingRateUnit: 'A',
      chargePointIds: ['VL-DEMO-0001', 'VL-DEMO-0002', 'VL-DEMO-0003'],
      schedule: [
        { from: '17:00', limit: 40 },
        { from: '22:00', limit: 63 },
      ],
    });
    const d = await t.call<Answer<SmartChargingGroupDetail>>(
      'GET',
      `/api/portal/SmartCharging/SmartChargeGroupDetail/${groups[0]!.id}`,
      { token },
    );
    // Two 22 kW connectors on each charger: 22,000 W / 690 W per A ≈ 31.9 A each.
    expect(d.body.data.allocations).toHaveLength(6);
    expect(d.body.data.allocations[0]!.maximum).toBeCloseTo(31.88, 1);
  });
});
