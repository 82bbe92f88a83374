import { createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCharger, type SimCharger } from '@voltline/simulator';
import type { CampaignDetail, Firmware, NewCampaign } from '@voltline/contract';
import { chargePoints, chargerEvents, firmwares, ocppMessages } from '../../db/schema/index.js';
import { FilesFtpServer } from '../files/ftp-server.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { multipart } from '../../../test/multipart.js';
import { registerChargePoint, until } from '../../../test/ocpp-helper.js';
import { makeSigner, type Signer } from '../../../test/signing.js';

// Signed firmware (security edition): an image uploaded with its signing certificate and
// signature, sent by a campaign as SignedUpdateFirmware to simulated chargers that verify it.

const PW = 'charger-secret-sfw1';
let t: TestApp;
let ftp: FilesFtpServer;
let url: string;
let admin: string;
let signer: Signer;
const sims: SimCharger[] = [];

type Answer<T> = {
  data: T;
  message?: string;
  error?: string;
  details?: { field: string; message: string }[];
};

const IMAGE = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64 * 1024, 9)]);

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

async function upload(name: string, version: string, fields: Record<string, string>, data = IMAGE) {
  const { payload, headers } = multipart({ version, ...fields }, { name, data });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/portal/Ftp/UploadFirmware',
    headers: { ...headers, authorization: `Bearer ${admin}` },
    payload,
  });
  return { status: res.statusCode, body: res.json<Answer<Firmware>>() };
}

async function charger(id: string) {
  await registerChargePoint(t, id, PW);
  const sim = await startCharger({ url, id, password: PW, rebootDelay: 0.2, speed: 10, firmware: '1.0.0' });
  sims.push(sim);
  return sim;
}

const start = (body: NewCampaign) =>
  t.call<Answer<CampaignDetail>>('POST', '/api/portal/Firmware/campaigns', { token: admin, body });
const settled = (id: number, done: (d: CampaignDetail) => boolean) =>
  until(async () => {
    const d = (
      await t.call<Answer<CampaignDetail>>('GET', `/api/portal/Firmware/campaigns/${id}`, { token: admin })
    ).body.data;
    return done(d) ? d : null;
  }, 30_000);

async function statuses(cp: string) {
  const [row] = await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, cp));
  const rows = await t.database.db
    .select()
    .from(chargerEvents)
    .where(
      and(
        eq(chargerEvents.chargePointId, row!.id),
        eq(chargerEvents.kind, 'SignedFirmwareStatusNotification'),
      ),
    );
  return rows.map((r) => r.status);
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

describe('uploading a signed firmware', () => {
  it('keeps the signing certificate and signature of a file they match', async () => {
    const r = await upload('voltline-3.0.0.zip', '3.0.0', {
      signingCertificate: signer.certificate,
      signature: signer.sign(IMAGE),
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ signed: true, version: '3.0.0' });
    expect(r.body.data.signedBy).toContain('CN=Voltline Test Firmware Signing');
    const plain = await upload('voltline-3.0.1.zip', '3.0.1', {});
    expect(plain.body.data).toMatchObject({ signed: false, signedBy: null });
  });

  it('refuses a certificate that is not one, a signature that is not base64, half a pair and a mismatch', async () => {
    const sig = signer.sign(IMAGE);
    const cases: [Record<string, string>, string, string][] = [
      [
        { signingCertificate: 'not a certificate', signature: sig },
        'body.signingCertificate',
        'not a PEM X.509',
      ],
      [{ signingCertificate: signer.certificate, signature: 'not*base64!' }, 'body.signature', 'not base64'],
      [{ signingCertificate: signer.certificate }, 'body.signature', 'needs its signature'],
      [{ signature: sig }, 'body.signingCertificate', 'needs its signing certificate'],
      [
        { signingCertificate: signer.certificate, signature: signer.sign(Buffer.from('another file')) },
        'body.signature',
        'does not match the file',
      ],
      [
        { signingCertificate: makeSigner('Someone Else').certificate, signature: sig },
        'body.signature',
        'does not match the file',
      ],
    ];
    for (const [fields, field, words] of cases) {
      const r = await upload('voltline-3.9.9.zip', '3.9.9', fields);
      expect(r.status).toBe(400);
      expect(r.body.details?.[0]?.field).toBe(field);
      expect(JSON.stringify(r.body)).toContain(words);
    }
    const kept = await t.database.db.select().from(firmwares).where(eq(firmwares.version, '3.9.9'));
    expect(kept).toEqual([]);
  });
});

describe('a signed firmware campaign', () => {
  it('sends SignedUpdateFirmware; the charger verifies the signature, installs, and its reboot confirms the version', async () => {
    const fw = (
      await upload('voltline-4.0.0.zip', '4.0.0', {
        signingCertificate: signer.certificate,
        signature: signer.sign(IMAGE),
      })
    ).body.data;
    const sim = await charger('SFW-1');
    const r = await start({ firmwareId: fw.id, chargePointIds: ['SFW-1'], retries: 0 });
    expect(r.status).toBe(200);
    const d = await settled(r.body.data.id, (x) => x.state === 'completed');
    expect(d.targets.map((x) => [x.state, x.versionAfter])).toEqual([['confirmed', '4.0.0']]);
    expect(sim.firmwareVersion).toBe('4.0.0');
    expect(await statuses('SFW-1')).toEqual([
      'Downloading',
      'Downloaded',
      'SignatureVerified',
      'Installing',
      'Installed',
    ]);

    await t.app.services.ocpp.messageLog.flush();
    const [sent] = await t.database.db
      .select()
      .from(ocppMessages)
      .where(and(eq(ocppMessages.chargePointId, 'SFW-1'), eq(ocppMessages.action, 'SignedUpdateFirmware')));
    const payload = sent!.payload as { requestId: number; firmware: Record<string, string> };
    expect(payload.requestId).toBeGreaterThan(0);
    expect(payload.firmware.signingCertificate).toBe(signer.certificate.trim());
    expect(payload.firmware.location).toMatch(/^ftp:\/\/vl[0-9a-f]{16}:\[redacted\]@/);
    const notes = await t.database.db
      .select()
      .from(chargerEvents)
      .where(eq(chargerEvents.kind, 'SignedFirmwareStatusNotification'));
    expect(notes.every((n) => (n.payload as { requestId: number }).requestId === payload.requestId)).toBe(
      true,
    );
  });

  it('counts an image whose signature the charger refuses (InvalidSignature) as a failure, pausing at the threshold', async () => {
    const fw = (
      await upload('voltline-4.1.0.zip', '4.1.0', {
        signingCertificate: signer.certificate,
        signature: signer.sign(IMAGE),
      })
    ).body.data;
    // The signature is replaced behind Voltline's back: the chargers must refuse the image.
    await t.database.db
      .update(firmwares)
      .set({ signature: signer.sign(Buffer.from('tampered')) })
      .where(eq(firmwares.id, fw.id));
    const sim = await charger('SFW-BAD-1');
    await charger('SFW-BAD-2');
    const r = await start({
      firmwareId: fw.id,
      chargePointIds: ['SFW-BAD-1', 'SFW-BAD-2'],
      batchSize: 1,
      failureThresholdPercent: 0,
      retries: 0,
    });
    const d = await settled(r.body.data.id, (x) => x.state === 'paused');
    expect(d).toMatchObject({ pauseReason: 'threshold' });
    expect(d.targets.map((x) => x.state)).toEqual(['InvalidSignature', 'queued']);
    expect(d.counts).toEqual({ InvalidSignature: 1, queued: 1 });
    expect(sim.firmwareVersion).toBe('1.0.0');
    expect(await statuses('SFW-BAD-1')).toEqual(['Downloading', 'Downloaded', 'InvalidSignature']);
  });

  it('records a signing certificate the charger refuses as InvalidCertificate', async () => {
    const fw = (
      await upload('voltline-4.2.0.zip', '4.2.0', {
        signingCertificate: signer.certificate,
        signature: signer.sign(IMAGE),
      })
    ).body.data;
    await t.database.db
      .update(firmwares)
      .set({ signingCertificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' })
      .where(eq(firmwares.id, fw.id));
    await charger('SFW-CERT');
    const r = await start({
      firmwareId: fw.id,
      chargePointIds: ['SFW-CERT'],
      retries: 0,
      failureThresholdPercent: 100,
    });
    const d = await settled(r.body.data.id, (x) => x.state === 'completed');
    expect(d.targets.map((x) => [x.state, x.error])).toEqual([['InvalidCertificate', 'InvalidCertificate']]);
  });
});

describe('SignedUpdateFirmware through the API', () => {
  it('numbers the request and sends the firmware as the security edition shapes it', async () => {
    await charger('SFW-API');
    const body = {
      chargePointId: 'SFW-API',
      location: 'ftp://files.example/voltline-9.0.0.zip',
      retrieveDateTime: new Date(Date.now() + 3_600_000).toISOString(),
      signingCertificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
      signature: 'c2lnbmF0dXJl',
    };
    const first = await t.call<Answer<{ status: string; requestId: number }>>(
      'POST',
      '/api/ocpp/RemoteTrigger/signedUpdateFirmware',
      { token: admin, body },
    );
    const second = await t.call<Answer<{ status: string; requestId: number }>>(
      'POST',
      '/api/ocpp/RemoteTrigger/signedUpdateFirmware',
      { token: admin, body },
    );
    expect(first.body.data.status).toBe('InvalidCertificate');
    expect(second.body.data.requestId).toBeGreaterThan(first.body.data.requestId);
    const support = await t.login('support@voltline.local');
    const safety = await t.login('safety@voltline.local');
    expect(
      (await t.call('POST', '/api/ocpp/RemoteTrigger/signedUpdateFirmware', { token: safety, body })).status,
    ).toBe(403);
    expect(
      (await t.call('POST', '/api/ocpp/RemoteTrigger/signedUpdateFirmware', { token: support, body })).status,
    ).toBe(200);
  });
});
