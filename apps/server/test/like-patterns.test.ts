import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

// Text a user types into a search box or a filter is matched as it is: `%`, `_` and `\` are
// characters like any other, never a wildcard nor a broken pattern (a 500 before).

let t: TestApp;
let admin: string;
let operatorId: number;

type Page = { data: { items: { chargePointId: string }[]; total: number } };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@voltline.local');
  const ops = await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
    token: admin,
  });
  operatorId = ops.body.data[0]!.id;
  for (const [id, city] of [
    ['LIKE-1', 'a\\'],
    ['LIKE-2', 'ab'],
    ['LIKE-3', '50%'],
    ['LIKE-4', '500'],
    ['LIKE-5', 'x_y'],
    ['LIKE-6', 'xzy'],
  ] as const) {
    const r = await t.call('POST', '/api/portal/ChargePoint', {
      token: admin,
      body: { chargePointId: id, name: `Like ${city}`, operatorId, city },
    });
    expect(r.status).toBe(200);
  }
});
afterAll(() => t.close());

const ids = (r: { body: Page }) => r.body.data.items.map((i) => i.chargePointId).sort();

describe('search and filter text with LIKE wildcards', () => {
  it.each([
    ['a\\', ['LIKE-1']],
    ['50%', ['LIKE-3']],
    ['x_y', ['LIKE-5']],
  ])('filters the charge point lists by city %j literally', async (city, expected) => {
    for (const url of [
      '/api/portal/ChargePoint/GetAllChargePointsDynamic?index=0&size=10',
      '/api/portal/ChargePoint/GetActiveChargePointsDynamic?index=0&size=10',
    ]) {
      const r = await t.call<Page>('POST', url, { token: admin, body: { city } });
      expect({ url, status: r.status }).toEqual({ url, status: 200 });
      if (url.includes('GetAll')) expect(ids(r)).toEqual(expected);
    }
    const xlsx = await t.call('POST', '/api/portal/ChargePoint/GetAllChargePointsExcel', {
      token: admin,
      body: { city },
    });
    expect(xlsx.status).toBe(200);
  });

  it.each([
    ['\\', ['LIKE-1']],
    ['0%', ['LIKE-3']],
    ['_', ['LIKE-5']],
  ])('searches charge points for %j literally', async (search, expected) => {
    const r = await t.call<Page>(
      'POST',
      '/api/portal/ChargePoint/GetAllChargePointsDynamic?index=0&size=10',
      {
        token: admin,
        body: { search },
      },
    );
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual(expected);
  });

  it('searches the other lists with a trailing backslash without failing', async () => {
    for (const [method, url] of [
      ['POST', '/api/portal/Driver/GetDriversDynamic?index=0&size=10'],
      ['POST', '/api/portal/user/GetUsersDynamic?index=0&size=10'],
    ] as const) {
      const r = await t.call<Page>(method, url, { token: admin, body: { search: 'zz\\' } });
      expect({ url, status: r.status, total: r.body.data?.total }).toEqual({ url, status: 200, total: 0 });
    }
  });
});
