import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail, Firmware, NewCampaign, Page } from '@voltline/contract';
import { chargePoints } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { multipart } from '../../../test/multipart.js';
import { registerChargePoint } from '../../../test/ocpp-helper.js';

// What starting a campaign checks: the image fits every charger, no charger is in two unfinished
// campaigns, everything is in the user's reach, and the role may change firmware.

const PW = 'charger-secret-fw03';
let t: TestApp;
let admin: string;
let istanbul: string;
let finance: string;
let safety: string;
let good: Firmware;
type Answer<T> = { data: T; message?: string; error?: string; code?: string };

async function uploadAs(token: string, name: string, version: string, extra: Record<string, string> = {}) {
  const { payload, headers } = multipart({ version, ...extra }, { name, data: Buffer.from(`PK ${name}`) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/portal/Ftp/UploadFirmware',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json<Answer<Firmware>>().data;
}

const start = (body: NewCampaign, token = admin) =>
  t.call<Answer<CampaignDetail>>('POST', '/api/portal/Firmware/campaigns', { token, body });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.files.prepare();
  [admin, istanbul, finance, safety] = (await Promise.all(
    ['admin', 'istanbul', 'finance', 'safety'].map((u) => t.login(`${u}@voltline.local`)),
  )) as [string, string, string, string];
  good = await uploadAs(admin, 'voltline-2.1.0.zip', '2.1.0', { brand: 'Voltline', models: 'SimCharger 22' });
});
afterAll(() => t.close());

describe('starting a campaign', () => {
  it('refuses chargers the firmware does not fit, naming them', async () => {
    const cp = await registerChargePoint(t, 'FW-ABB-1', PW);
    await t.database.db
      .update(chargePoints)
      .set({ brand: 'ABB', model: 'Terra 54' })
      .where(eq(chargePoints.id, cp.id));
    await registerChargePoint(t, 'FW-FIT-1', PW);
    const r = await start({ firmwareId: good.id, chargePointIds: ['FW-FIT-1', 'FW-ABB-1'] });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('The firmware does not fit these charge points (brand or model): FW-ABB-1.');
  });

  it('refuses a charger already in an unfinished campaign', async () => {
    await registerChargePoint(t, 'FW-BUSY-1', PW);
    // Over HTTP, so the rollout that starts right after the answer leaves the charger waiting for
    // its reconnection (unfinished). Over FTP, which these tests do not run, the send would fail at
    // once, finish the charger's part and free it for a second campaign before that one is asked for.
    const first = await start({ firmwareId: good.id, chargePointIds: ['FW-BUSY-1'], transport: 'http' });
    expect(first.status).toBe(200);
    // The send found the charger offline: it waits for its reconnection, still the first campaign's.
    await expect
      .poll(async () => {
        const r = await t.call<Answer<CampaignDetail>>(
          'GET',
          `/api/portal/Firmware/campaigns/${first.body.data.id}`,
          { token: admin },
        );
        return r.body.data.targets[0]?.state;
      })
      .toBe('waiting');
    const second = await start({ firmwareId: good.id, chargePointIds: ['FW-BUSY-1'] });
    expect(second.status).toBe(409);
    expect(second.body.error).toContain('FW-BUSY-1');
    await t.call('POST', `/api/portal/Firmware/campaigns/${first.body.data.id}/cancel`, { token: admin });
  });

  it('keeps to the user’s reach: firmware, chargers and campaigns of others are not found', async () => {
    await registerChargePoint(t, 'FW-ANK-1', PW, 'Voltline Ankara');
    const theirs = await start({ firmwareId: good.id, chargePointIds: ['FW-ANK-1'] }, istanbul);
    expect(theirs.status).toBe(404);
    const mine = await uploadAs(istanbul, 'ist-5.0.zip', '5.0');
    const ankara = await start({ firmwareId: mine.id, chargePointIds: ['FW-ANK-1'] }, istanbul);
    expect(ankara.status).toBe(400);
    expect(ankara.body.error).toBe('These charge points were not found: FW-ANK-1.');
    const list = await t.call<Answer<Page<CampaignDetail>>>('GET', '/api/portal/Firmware/campaigns', {
      token: istanbul,
    });
    expect(list.body.data.total).toBe(0);
    const adminList = await t.call<Answer<Page<CampaignDetail>>>('GET', '/api/portal/Firmware/campaigns', {
      token: admin,
    });
    const someId = adminList.body.data.items[0]!.id;
    expect(
      (await t.call('GET', `/api/portal/Firmware/campaigns/${someId}`, { token: istanbul })).status,
    ).toBe(404);
    expect(
      (await t.call('POST', `/api/portal/Firmware/campaigns/${someId}/cancel`, { token: istanbul })).status,
    ).toBe(404);
  });

  it('is refused to Finance and the Site Safety Officer', async () => {
    for (const token of [finance, safety]) {
      const r = await start({ firmwareId: good.id, chargePointIds: ['FW-FIT-1'] }, token);
      expect(r.status).toBe(403);
      expect((await t.call('GET', '/api/portal/Firmware/campaigns', { token })).status).toBe(403);
    }
  });
});
