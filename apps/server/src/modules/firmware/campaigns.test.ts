import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCharger, type SimCharger } from '@voltline/simulator';
import type { CampaignDetail, DeviceFirmware, Firmware, NewCampaign, Page } from '@voltline/contract';
import {
  auditLogs,
  chargePoints,
  chargerEvents,
  commandRecords,
  firmwares,
  ocppMessages,
} from '../../db/schema/index.js';
import { FilesFtpServer } from '../files/ftp-server.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { multipart } from '../../../test/multipart.js';
import { registerChargePoint, until } from '../../../test/ocpp-helper.js';

// Firmware campaigns against simulated chargers over real WebSockets, FTP and HTTP: UpdateFirmware
// with a download grant, the chargers' FirmwareStatusNotifications, the reboot that confirms the
// version, batches, the failure threshold and chargers that come online late.

const PW = 'charger-secret-fw01';
let t: TestApp;
let ftp: FilesFtpServer;
let url: string;
let admin: string;
let support: string;
let good: Firmware;
const sims: SimCharger[] = [];

type Answer<T> = { data: T; message?: string; error?: string; code?: string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** 2 MiB: past the JSON body limit (1 MiB), which a firmware upload is not held to. */
const IMAGE = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(2 * 1024 * 1024, 7)]);

async function uploadFirmware(name: string, version: string, extra: Record<string, string> = {}) {
  const { payload, headers } = multipart({ version, ...extra }, { name, data: IMAGE });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/portal/Ftp/UploadFirmware',
    headers: { ...headers, authorization: `Bearer ${admin}` },
    payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json<Answer<Firmware>>().data;
}

async function charger(id: string, start = true, operator?: string) {
  await registerChargePoint(t, id, PW, operator);
  if (!start) return null;
  const sim = await startCharger({ url, id, password: PW, rebootDelay: 0.2, speed: 10, firmware: '1.0.0' });
  sims.push(sim);
  return sim;
}

const start = (body: NewCampaign, token = admin) =>
  t.call<Answer<CampaignDetail>>('POST', '/api/portal/Firmware/campaigns', { token, body });
const detail = async (id: number, token = admin) =>
  (await t.call<Answer<CampaignDetail>>('GET', `/api/portal/Firmware/campaigns/${id}`, { token })).body.data;
const settled = (id: number, done: (d: CampaignDetail) => boolean) =>
  until(async () => {
    const d = await detail(id);
    return done(d) ? d : null;
  }, 30_000);
const stateOf = (d: CampaignDetail, cp: string) => d.targets.find((x) => x.chargePointId === cp)?.state;

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    FTP_PUBLIC_HOST: '127.0.0.1',
    OCPP_CALL_TIMEOUT_SECONDS: '5',
  });
  await t.app.services.files.prepare();
  ftp = new FilesFtpServer({
    files: t.app.services.files,
    config: { ...t.config.ftp, port: 0 },
    host: '127.0.0.1',
    log: t.app.log,
  });
  await ftp.listen();
  await t.app.listen({ port, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${port}/ocpp`;
  [admin, support] = (await Promise.all(['admin', 'support'].map((u) => t.login(`${u}@voltline.local`)))) as [
    string,
    string,
  ];
  good = await uploadFirmware('voltline-2.1.0.zip', '2.1.0', { brand: 'Voltline', models: 'SimCharger 22' });
});
afterAll(async () => {
  await Promise.all(sims.map((s) => s.close()));
  await ftp.close();
  await t.close();
});

describe('a firmware campaign', () => {
  it('updates chargers over FTP until their reboot confirms the new version', async () => {
    const [a, b] = [await charger('FW-FTP-1'), await charger('FW-FTP-2')];
    const r = await start(
      { firmwareId: good.id, chargePointIds: ['FW-FTP-1', 'FW-FTP-2'], retries: 0 },
      support,
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Campaign started.');
    expect(r.body.data).toMatchObject({
      state: 'running',
      total: 2,
      transport: 'ftp',
      firmwareVersion: '2.1.0',
    });
    const d = await settled(r.body.data.id, (x) => x.state === 'completed');
    expect(d.targets.map((x) => [x.chargePointId, x.state, x.versionBefore, x.versionAfter])).toEqual([
      ['FW-FTP-1', 'confirmed', '1.0.0', '2.1.0'],
      ['FW-FTP-2', 'confirmed', '1.0.0', '2.1.0'],
    ]);
    expect(d.counts).toEqual({ confirmed: 2 });
    expect([a!.firmwareVersion, b!.firmwareVersion]).toEqual(['2.1.0', '2.1.0']);
    // The command is on the charger's record, without the download credentials.
    const [cp] = await t.database.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.chargePointId, 'FW-FTP-1'));
    const [record] = await t.database.db
      .select()
      .from(commandRecords)
      .where(eq(commandRecords.chargePointId, cp!.id));
    expect(record).toMatchObject({ action: 'UpdateFirmware', outcome: 'answered' });
    expect(JSON.stringify(record!.request)).not.toContain('ftp://');
    const logged = await until(async () => {
      const rows = await t.database.db
        .select()
        .from(ocppMessages)
        .where(and(eq(ocppMessages.chargePointId, 'FW-FTP-1'), eq(ocppMessages.action, 'UpdateFirmware')));
      return rows.find((m) => JSON.stringify(m.payload).includes('location'));
    });
    expect((logged.payload as { location: string }).location).toMatch(
      /^ftp:\/\/vl[0-9a-f]{16}:\[redacted\]@127\.0\.0\.1:\d+\/voltline-2\.1\.0\.zip$/,
    );
    expect(cp!.firmwareStatus).toBe('Installed');
    expect(cp!.firmwareStatusAt).toBeInstanceOf(Date);
    const devices = await t.call<Answer<Page<DeviceFirmware>>>(
      'POST',
      '/api/portal/ChargePoint/GetFirmwareDynamic',
      {
        token: admin,
        body: { search: 'FW-FTP' },
      },
    );
    expect(
      devices.body.data.items.map((x) => [x.chargePointId, x.firmwareVersion, x.lastCampaignState]),
    ).toEqual([
      ['FW-FTP-1', '2.1.0', 'confirmed'],
      ['FW-FTP-2', '2.1.0', 'confirmed'],
    ]);
  });

  it('exports the chargers’ firmware to Excel, headed in the user’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portal/ChargePoint/GetFirmwareExcel',
      headers: {
        authorization: `Bearer ${support}`,
        'accept-language': 'tr',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ search: 'FW-FTP' }),
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('İstasyon yazılımları');
    const header = sheet.getRow(1).values as unknown[];
    expect(header).toEqual(expect.arrayContaining(['İstasyon kimliği', 'Yazılım sürümü', 'Yazılım durumu']));
    const rows: string[][] = [];
    sheet.eachRow(
      (row, n) => n > 1 && rows.push([row.getCell(1).text, row.getCell(6).text, row.getCell(8).text]),
    );
    expect(rows).toEqual([
      ['FW-FTP-1', '2.1.0', 'Installed'],
      ['FW-FTP-2', '2.1.0', 'Installed'],
    ]);
  });

  it('updates a charger over a signed HTTP link', async () => {
    const sim = await charger('FW-HTTP-1');
    const r = await start({
      firmwareId: good.id,
      chargePointIds: ['FW-HTTP-1'],
      transport: 'http',
      retries: 0,
    });
    const d = await settled(r.body.data.id, (x) => x.state === 'completed');
    expect(d.targets[0]).toMatchObject({ state: 'confirmed', versionAfter: '2.1.0' });
    expect(sim!.firmwareVersion).toBe('2.1.0');
    // The OCPP log shows where the charger was sent, without the link's signature.
    const logged = await until(async () => {
      const rows = await t.database.db
        .select()
        .from(ocppMessages)
        .where(and(eq(ocppMessages.chargePointId, 'FW-HTTP-1'), eq(ocppMessages.action, 'UpdateFirmware')));
      return rows.find((m) => JSON.stringify(m.payload).includes('location'));
    });
    expect((logged.payload as { location: string }).location).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/files\/\[redacted\]\/voltline-2\.1\.0\.zip$/,
    );
  });

  it('confirms an image whose file name carries no version: the charger downloads it named with it', async () => {
    // The demo's case: "firmware.zip" uploaded as 3.0.0. A charger boots with what the image it
    // installs carries; the download is named firmware-3.0.0.zip, so the simulator knows it too.
    const plain = await uploadFirmware('firmware.zip', '3.0.0');
    expect(plain.fileName).toBe('firmware.zip');
    const sim = await charger('FW-PLAIN-1');
    const r = await start({
      firmwareId: plain.id,
      chargePointIds: ['FW-PLAIN-1'],
      transport: 'http',
      retries: 0,
    });
    const d = await settled(r.body.data.id, (x) => x.state !== 'running');
    expect(d.targets[0]).toMatchObject({ state: 'confirmed', versionBefore: '1.0.0', versionAfter: '3.0.0' });
    expect(sim!.firmwareVersion).toBe('3.0.0');
  });

  it('sends the second batch only once the first has finished', async () => {
    await charger('FW-B-1');
    await charger('FW-B-2');
    const r = await start({
      firmwareId: good.id,
      chargePointIds: ['FW-B-1', 'FW-B-2'],
      batchSize: 1,
      retries: 0,
    });
    expect(r.body.data.targets.map((x) => [x.chargePointId, x.batch])).toEqual([
      ['FW-B-1', 1],
      ['FW-B-2', 2],
    ]);
    await settled(r.body.data.id, (x) => x.state === 'completed');
    const idOf = async (cp: string) =>
      (await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, cp)))[0]!.id;
    const [installed] = await t.database.db
      .select()
      .from(chargerEvents)
      .where(
        and(eq(chargerEvents.chargePointId, await idOf('FW-B-1')), eq(chargerEvents.status, 'Installed')),
      );
    const [second] = await t.database.db
      .select()
      .from(commandRecords)
      .where(eq(commandRecords.chargePointId, await idOf('FW-B-2')));
    expect(second!.sentAt.getTime()).toBeGreaterThanOrEqual(installed!.at.getTime());
  });

  it('pauses itself when the failures pass the threshold, resumes and cancels', async () => {
    const broken = await uploadFirmware('broken-2.2.0.zip', '2.2.0');
    const [row] = await t.database.db.select().from(firmwares).where(eq(firmwares.id, broken.id));
    // The image is emptied behind Voltline's back: chargers download nothing and fail to install it.
    await t.app.services.files.store.put(row!.storeKey, Readable.from([Buffer.alloc(0)]));
    await charger('FW-T-1');
    await charger('FW-T-2');
    await charger('FW-T-3');
    const r = await start({
      firmwareId: broken.id,
      chargePointIds: ['FW-T-1', 'FW-T-2', 'FW-T-3'],
      batchSize: 1,
      failureThresholdPercent: 0,
      retries: 0,
    });
    const id = r.body.data.id;
    let d = await settled(id, (x) => x.state === 'paused');
    expect(d).toMatchObject({ pauseReason: 'threshold' });
    expect(d.targets.map((x) => x.state)).toEqual(['InstallationFailed', 'queued', 'queued']);
    const resumed = await t.call<Answer<CampaignDetail>>(
      'POST',
      `/api/portal/Firmware/campaigns/${id}/resume`,
      { token: admin },
    );
    expect(resumed.body.message).toBe('Campaign resumed.');
    d = await settled(id, (x) => x.state === 'paused' && stateOf(x, 'FW-T-2') === 'InstallationFailed');
    expect(stateOf(d, 'FW-T-3')).toBe('queued');
    const cancelled = await t.call<Answer<CampaignDetail>>(
      'POST',
      `/api/portal/Firmware/campaigns/${id}/cancel`,
      { token: admin },
    );
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled' });
    expect(stateOf(cancelled.body.data, 'FW-T-3')).toBe('cancelled');
    const again = await t.call<Answer<null>>('POST', `/api/portal/Firmware/campaigns/${id}/pause`, {
      token: admin,
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This campaign has already finished.');
    const actions = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(id)));
    expect(
      actions.filter((a) => a.entity === 'firmwareCampaign').map((a) => [a.action, a.userId === null]),
    ).toEqual(
      expect.arrayContaining([
        ['create', false],
        ['pause', true],
        ['resume', false],
        ['cancel', false],
      ]),
    );
  });

  it('keeps an offline charger waiting and sends it UpdateFirmware when it connects', async () => {
    await charger('FW-OFF-1', false);
    const r = await start({ firmwareId: good.id, chargePointIds: ['FW-OFF-1'], retries: 0 });
    await settled(r.body.data.id, (x) => stateOf(x, 'FW-OFF-1') === 'waiting');
    const sim = await startCharger({
      url,
      id: 'FW-OFF-1',
      password: PW,
      rebootDelay: 0.2,
      speed: 10,
      firmware: '1.0.0',
    });
    sims.push(sim);
    const d = await settled(r.body.data.id, (x) => x.state === 'completed');
    expect(d.targets[0]).toMatchObject({ state: 'confirmed', versionBefore: null, versionAfter: '2.1.0' });
  });
});
