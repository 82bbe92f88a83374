import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail, Firmware, NewCampaign } from '@voltline/contract';
import { manualClock } from '../../lib/clock.js';
import { rpcError } from '../../ocpp/rpc-error.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { multipart } from '../../../test/multipart.js';
import {
  boot,
  connectClient,
  listen,
  registerChargePoint,
  until,
  type Client,
} from '../../../test/ocpp-helper.js';

// The rollout's edges with hand-driven chargers: notifications at once, a wrong version after the
// reboot, a charger that goes silent, a charger that refuses the command.

const PW = 'charger-secret-fw02';
const clock = manualClock();
let t: TestApp;
let url: string;
let admin: string;
let fw: Firmware;
const clients: Client[] = [];
type Answer<T> = { data: T; message?: string; error?: string };

/** A charger that accepts UpdateFirmware (or refuses it) and has booted with version 1.2.3. */
async function charger(id: string, refuse = false): Promise<Client> {
  await registerChargePoint(t, id, PW);
  const client = await connectClient(url, id, PW);
  clients.push(client);
  client.handle('UpdateFirmware', () =>
    refuse ? Promise.reject(rpcError('InternalError', 'Flash is write-protected')) : Promise.resolve({}),
  );
  await client.call('BootNotification', boot);
  return client;
}

async function campaign(body: Partial<NewCampaign> & { chargePointIds: string[] }) {
  const r = await t.call<Answer<CampaignDetail>>('POST', '/api/portal/Firmware/campaigns', {
    token: admin,
    body: { firmwareId: fw.id, transport: 'http', retries: 0, failureThresholdPercent: 100, ...body },
  });
  expect(r.status).toBe(200);
  return r.body.data.id;
}
const detail = async (id: number) =>
  (await t.call<Answer<CampaignDetail>>('GET', `/api/portal/Firmware/campaigns/${id}`, { token: admin })).body
    .data;
const reach = (id: number, done: (d: CampaignDetail) => boolean) =>
  until(async () => {
    const d = await detail(id);
    return done(d) ? d : null;
  });
const allIn = (state: string) => (d: CampaignDetail) => d.targets.every((x) => x.state === state);

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '2', FIRMWARE_INSTALL_MINUTES: '30' }, { clock });
  await t.app.services.files.prepare();
  url = await listen(t);
  admin = await t.login('admin@voltline.local');
  const { payload, headers } = multipart(
    { version: '3.0' },
    { name: 'fw-3.0.zip', data: Buffer.from('PK fw 3.0') },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/portal/Ftp/UploadFirmware',
    headers: { ...headers, authorization: `Bearer ${admin}` },
    payload,
  });
  fw = res.json<Answer<Firmware>>().data;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close({ force: true })));
  await t.close();
});

describe('the rollout', () => {
  it('loses no update when chargers report and reboot at the same moment', async () => {
    const [a, b] = [await charger('RAW-1'), await charger('RAW-2')];
    const id = await campaign({ chargePointIds: ['RAW-1', 'RAW-2'] });
    await reach(id, allIn('sent'));
    for (const status of ['Downloading', 'Downloaded', 'Installing', 'Installed']) {
      await Promise.all([a, b].map((c) => c.call('FirmwareStatusNotification', { status })));
    }
    expect((await detail(id)).counts).toEqual({ Installed: 2 });
    await Promise.all([a, b].map((c) => c.call('BootNotification', { ...boot, firmwareVersion: '3.0' })));
    const d = await reach(id, (x) => x.state === 'completed');
    expect(d.targets.map((x) => [x.state, x.versionBefore, x.versionAfter])).toEqual([
      ['confirmed', '1.2.3', '3.0'],
      ['confirmed', '1.2.3', '3.0'],
    ]);
  });

  it('marks a charger that comes back with another version as a mismatch', async () => {
    const c = await charger('RAW-3');
    const id = await campaign({ chargePointIds: ['RAW-3'] });
    await reach(id, allIn('sent'));
    await c.call('FirmwareStatusNotification', { status: 'Installed' });
    // Idle says nothing about the update: the charger stays Installed.
    await c.call('FirmwareStatusNotification', { status: 'Idle' });
    expect((await detail(id)).targets[0]?.state).toBe('Installed');
    await c.call('BootNotification', { ...boot, firmwareVersion: '2.9' });
    const d = await reach(id, (x) => x.state === 'completed');
    expect(d.targets[0]).toMatchObject({ state: 'versionMismatch', versionAfter: '2.9' });
  });

  it('times out a charger that goes silent past its window', async () => {
    const c = await charger('RAW-4');
    const id = await campaign({ chargePointIds: ['RAW-4'] });
    await reach(id, allIn('sent'));
    await c.call('FirmwareStatusNotification', { status: 'Downloading' });
    await t.app.services.rollout.tick();
    expect((await detail(id)).targets[0]?.state).toBe('Downloading');
    clock.advance(31 * 60_000);
    admin = await t.login('admin@voltline.local'); // the old token expired with the half hour
    await t.app.services.rollout.tick();
    const d = await reach(id, (x) => x.state === 'completed');
    expect(d.targets[0]?.state).toBe('timedOut');
  });

  it('records a refused UpdateFirmware as a failed command with the charger’s words', async () => {
    await charger('RAW-5', true);
    const id = await campaign({ chargePointIds: ['RAW-5'] });
    const d = await reach(id, (x) => x.state === 'completed');
    expect(d.targets[0]).toMatchObject({
      state: 'commandFailed',
      error: expect.stringMatching(/^InternalError/) as string,
    });
  });
});
