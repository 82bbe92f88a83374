import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '@voltline/contract';
import { createTestApp, type TestApp } from '../../../test/helper.js';

// The Connectors tab names each connector's tariff. Finance and CallCenter may not list the
// tariffs a charge point can take, so the name comes with the connector (they saw "#1").

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a connector's tariff", () => {
  it('is named to every role that sees the connector, Finance and CallCenter included', async () => {
    const admin = await t.login('admin@voltline.local');
    const me = await t.call<{ data: { operatorId: number } }>('GET', '/api/portal/Auth/me', { token: admin });
    const operatorId = me.body.data.operatorId;
    const tariff = await t.call<{ data: { id: number } }>('POST', '/api/portal/tariff', {
      token: admin,
      body: { name: 'Gece AC', operatorId, type: 'AC', paymentType: 'Postpaid', pricePerKwh: 450 },
    });
    expect(tariff.status).toBe(200);
    const cp = await t.call<{ data: { chargePoint: { id: number } } }>('POST', '/api/portal/ChargePoint', {
      token: admin,
      body: { chargePointId: 'TARIFF-NAME-1', name: 'Tariff name', operatorId, connectorCount: 2 },
    });
    expect(cp.status).toBe(200);
    const cpDbId = cp.body.data.chargePoint.id;
    const connectorsAs = async (token: string) =>
      (
        await t.call<{ data: Connector[] }>('GET', `/api/portal/connector?chargePointDbId=${cpDbId}`, {
          token,
        })
      ).body.data;
    const [first] = await connectorsAs(admin);
    const put = await t.call('PUT', '/api/portal/connector', {
      token: admin,
      body: { id: first!.id, tariffId: tariff.body.data.id },
    });
    expect(put.status).toBe(200);

    for (const email of ['admin@voltline.local', 'finance@voltline.local', 'callcenter@voltline.local']) {
      const list = await connectorsAs(await t.login(email));
      expect(
        list.map((c) => [c.connectorId, c.tariffName]),
        email,
      ).toEqual([
        [1, 'Gece AC'],
        [2, null],
      ]);
    }
  });
});
