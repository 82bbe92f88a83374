import { createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCharger, startCharger201, type SimCharger, type SimCharger201 } from '@voltline/simulator';
import type { CampaignDetail, DiagnosticsRequest, Firmware, NewCampaign, Page } from '@voltline/contract';
import { chargePoints, chargerEvents } from '../../db/schema/index.js';
import { FilesFtpServer } from '../../modules/files/ftp-server.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { multipart } from '../../../test/multipart.js';
import { registerChargePoint, until } from '../../../test/ocpp-helper.js';
import { makeSigner, type Signer } from '../../../test/signing.js';

// Firmware (L01/L02) and logs (N01) of simulated OCPP 2.0.1 stations through the same campaigns,
// file service and API as 1.6 chargers: a campaign over a 1.6 charger and a 2.0.1 station side by
// side, a signed image a station verifies, and both kinds of log uploaded over FTP.

const PW = 'charger-secret-fl201';
let t: TestApp;
let ftp: FilesFtpServer;
let url: string;
let admin: string;
let signer: Signer;
const sims: Array<SimCharger | SimCharger201> = [];

type Answer<T> = { data: T; message?: string };
const IMAGE = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64 * 1024, 5)]);

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

async function upload(name: string, version: string, fields: Record<string, string> = {}) {
  const { payload, headers } = multipart({ version, ...fields }, { name, data: IMAGE });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/portal/Ftp/UploadFirmware',
    headers: { ...headers, authorization: `Bearer ${admin}` },
    payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json<Answer<Firmware>>().data;
}

async function station(id: string, v201: boolean) {
  await registerChargePoint(t, id, PW);
  const o = { url, id, password: PW, rebootDelay: 0.2, speed: 10, firmware: '1.0.0' };
  const sim = v201 ? await startCharger201(o) : await startCharger(o);
  sims.push(sim);
  return sim;
}

const start = (body: NewCampaign) =>
  t.call<Answer<CampaignDetail>>('POST', '/api/portal/Firmware/campaigns', { token: admin, body });
const settled = (id: number) =>
  until(async () => {
    const d = (
      await t.call<Answer<CampaignDetail>>('GET', `/api/portal/Firmware/campaigns/${id}`, { token: admin })
    ).body.data;
    return d.state === 'completed' ? d : null;
  }, 30_000);

async function notes(cp: string, kind: string) {
  const [row] = await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, cp));
  const rows = await t.database.db
    .select()
    .from(chargerEvents)
    .where(and(eq(chargerEvents.chargePointId, row!.id), eq(chargerEvents.kind, kind)));
  return rows.map((r) => [r.status, (r.payload as { requestId?: number }).requestId]);
}

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
  admin = await t.login('admin@voltline.local');
  signer = makeSigner();
});
afterAll(async () => {
  await Promise.all(sims.map((s) => s.close()));
  await ftp.close();
  await t.close();
});

describe('firmware of 2.0.1 stations', () => {
  it('L01/L02 a campaign over a 1.6 charger and a 2.0.1 station updates both; each reboot confirms the version', async () => {
    const old = await station('MIX-16', false);
    const neu = (await station('MIX-201', true)) as SimCharger201;
    const fw = await upload('voltline-2.2.0.zip', '2.2.0');
    const r = await start({ firmwareId: fw.id, chargePointIds: ['MIX-16', 'MIX-201'], retries: 0 });
    expect(r.status).toBe(200);
    const d = await settled(r.body.data.id);
    expect(d.targets.map((x) => [x.chargePointId, x.state, x.versionBefore, x.versionAfter])).toEqual([
      ['MIX-16', 'confirmed', '1.0.0', '2.2.0'],
      ['MIX-201', 'confirmed', '1.0.0', '2.2.0'],
    ]);
    expect([old.firmwareVersion, neu.firmwareVersion]).toEqual(['2.2.0', '2.2.0']);
    // The 2.0.1 station named the request the translation gave its UpdateFirmware in every status.
    const seen = await until(async () => {
      const n = await notes('MIX-201', 'FirmwareStatusNotification');
      return n.at(-1)?.[0] === 'Installed' ? n : null;
    });
    expect(seen.map(([s]) => s)).toEqual([
      'Downloading',
      'Downloaded',
      'Installing',
      'InstallRebooting',
      'Installed',
    ]);
    expect(new Set(seen.map(([, id]) => id)).size).toBe(1);
  });

  it('L01 a signed image: the station verifies the signature, installs, reboots and reports Installed', async () => {
    const sim = (await station('SIGN-201', true)) as SimCharger201;
    const fw = await upload('voltline-3.0.0.zip', '3.0.0', {
      signingCertificate: signer.certificate,
      signature: signer.sign(IMAGE),
    });
    const r = await start({ firmwareId: fw.id, chargePointIds: ['SIGN-201'], retries: 0 });
    const d = await settled(r.body.data.id);
    expect(d.targets.map((x) => [x.state, x.versionAfter])).toEqual([['confirmed', '3.0.0']]);
    expect(sim.firmwareVersion).toBe('3.0.0');
    const seen = await until(async () => {
      const n = await notes('SIGN-201', 'FirmwareStatusNotification');
      return n.at(-1)?.[0] === 'Installed' ? n : null;
    });
    expect(seen.map(([s]) => s)).toEqual([
      'Downloading',
      'Downloaded',
      'SignatureVerified',
      'Installing',
      'InstallRebooting',
      'Installed',
    ]);
  });

  it('L01 an image the station cannot download: Downloading then DownloadFailed, its version stays', async () => {
    const sim = (await station('NODL-201', true)) as SimCharger201;
    const r = await t.call<Answer<Record<string, unknown>>>(
      'POST',
      '/api/ocpp/RemoteTrigger/updateFirmware',
      {
        token: admin,
        body: { chargePointId: 'NODL-201', location: 'ftp://127.0.0.1:1/voltline-9.9.9.zip' },
      },
    );
    expect(r.body.data).toMatchObject({ status: 'Accepted' });
    const requestId = r.body.data.requestId as number;
    const seen = await until(async () => {
      const n = await notes('NODL-201', 'FirmwareStatusNotification');
      return n.some(([s]) => s === 'DownloadFailed') ? n : null;
    });
    expect(seen).toEqual([
      ['Downloading', requestId],
      ['DownloadFailed', requestId],
    ]);
    expect(sim.firmwareVersion).toBe('1.0.0');
  });
});

describe('logs of 2.0.1 stations', () => {
  const list = async () =>
    (
      await t.call<Answer<Page<DiagnosticsRequest>>>('GET', '/api/portal/Ftp/GetLogs?size=50', {
        token: admin,
      })
    ).body.data.items;

  it.each(['DiagnosticsLog', 'SecurityLog'] as const)(
    'N01 GetLog %s: the station uploads it into the file service, LogStatusNotification Uploading then Uploaded',
    async (logType) => {
      const id = `LOG201-${logType === 'SecurityLog' ? 'S' : 'D'}`;
      await station(id, true);
      const r = await t.call<Answer<Record<string, unknown>>>('POST', '/api/ocpp/RemoteTrigger/getLog', {
        token: admin,
        body: { chargePointId: id, logType },
      });
      expect(r.body.data).toMatchObject({ status: 'Accepted' });
      const requestId = r.body.data.requestId as number;
      const done = await until(async () => {
        const row = (await list()).find((x) => x.id === requestId);
        return row?.status === 'Uploaded' && row.size !== null ? row : null;
      });
      expect(done).toMatchObject({ kind: logType, chargePointId: id, fileName: r.body.data.filename });
      const file = await t.call<string>('GET', `/api/${done.downloadLink}`, { token: admin });
      const title = logType === 'SecurityLog' ? 'Security' : 'Diagnostics';
      expect(file.res.body.startsWith(`# ${title} log of ${id}`)).toBe(true);
      expect(await notes(id, 'LogStatusNotification')).toEqual([
        ['Uploading', requestId],
        ['Uploaded', requestId],
      ]);
    },
  );
});
