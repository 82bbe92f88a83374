import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, registerChargePoint, type Client } from '../../../test/ocpp-helper.js';

let t: TestApp;
let charger: Client;
let istanbul: string;
const PW = 'charger-secret-0001';

beforeAll(async () => {
  t = await createTestApp();
  const url = await listen(t);
  await registerChargePoint(t, 'CP-AUTH', PW);
  charger = await connectClient(url, 'CP-AUTH', PW);
  istanbul = await t.login('istanbul@voltline.local');
});
afterAll(async () => {
  await charger.close({ force: true });
  await t.close();
});

const authorize = async (idTag: string) =>
  ((await charger.call('Authorize', { idTag })) as { idTagInfo: { status: string } }).idTagInfo.status;

async function driver(search: string) {
  const r = await t.call<{ data: { items: { id: number; balance: number }[] } }>(
    'POST',
    '/api/portal/Driver/GetDriversDynamic?index=0&size=10',
    { token: istanbul, body: { search } },
  );
  const d = r.body.data.items[0];
  if (!d) throw new Error(`no driver ${search}`);
  return d;
}

async function api(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object) {
  const r = await t.call(method, url, { token: istanbul, body });
  expect([url, r.status]).toEqual([url, 200]);
  return r.body as { data: { id: number } };
}

describe('Authorize follows what staff do in the portal', () => {
  it('refuses a blocked driver at once and accepts again when reactivated', async () => {
    const { id } = await driver('Zeynep');
    expect(await authorize('DEMO0002')).toBe('Accepted');
    await api('POST', '/api/portal/driver/manageStatus', {
      driverId: id,
      status: 'blocked',
      reason: 'Fraud check',
    });
    expect(await authorize('DEMO0002')).toBe('Blocked');
    await api('POST', '/api/portal/driver/manageStatus', {
      driverId: id,
      status: 'suspended',
      reason: 'Pending',
    });
    expect(await authorize('demo0002')).toBe('Blocked');
    await api('POST', '/api/portal/driver/manageStatus', {
      driverId: id,
      status: 'active',
      reason: 'Cleared',
    });
    expect(await authorize('DEMO0002')).toBe('Accepted');
  });

  it('answers Expired for a card past its expiry, Blocked for a blocked or archived card', async () => {
    const { id } = await driver('Zeynep');
    const card = await api('POST', '/api/portal/driver/RFIDCards', {
      driverId: id,
      number: 'ZEY-AUTH',
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(await authorize('ZEY-AUTH')).toBe('Expired');
    await api('PUT', '/api/portal/driver/RFIDCards', {
      id: card.data.id,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(await authorize('ZEY-AUTH')).toBe('Accepted');
    await api('PUT', '/api/portal/driver/RFIDCards', { id: card.data.id, status: 'blocked' });
    expect(await authorize('ZEY-AUTH')).toBe('Blocked');
    await api('PUT', '/api/portal/driver/RFIDCards', { id: card.data.id, status: 'active' });
    await api('DELETE', `/api/portal/driver/RFIDCards/${card.data.id}`);
    expect(await authorize('ZEY-AUTH')).toBe('Blocked');
    await api('PUT', `/api/portal/driver/RFIDCards/Unarchive/${card.data.id}`);
    expect(await authorize('ZEY-AUTH')).toBe('Accepted');
  });

  it('refuses a prepaid driver under the operator minimum (50.00) and accepts after a top-up', async () => {
    const ali = await driver('Ali');
    expect(await authorize('DEMO0001')).toBe('Accepted');
    // 500.00 → 49.99: one kuruş under İstanbul's minimum balance.
    await api('POST', '/api/portal/driver/balance', {
      driverId: ali.id,
      amount: -(ali.balance - 4999),
      reason: 'Correction',
    });
    expect(await authorize('DEMO0001')).toBe('Blocked');
    await api('POST', '/api/portal/driver/balance', {
      driverId: ali.id,
      amount: 1,
      kind: 'topup',
      reason: 'Top-up',
    });
    expect(await authorize('DEMO0001')).toBe('Accepted');
  });

  it('answers Invalid for a deleted driver and an unknown card', async () => {
    const { id } = await driver('Zeynep');
    await api('DELETE', `/api/portal/driver/${id}`);
    expect(await authorize('DEMO0002')).toBe('Invalid');
    expect(await authorize('NO-SUCH-CARD')).toBe('Invalid');
  });
});
