import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCharger, type SimCharger } from '@voltline/simulator';
import { API, type ChargePointSecurity } from '@voltline/contract';
import { auditLogs, chargePoints, issuedCertificates, ocppMessages } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import {
  boot201,
  connectClient,
  listen,
  registerChargePoint,
  until,
  type Client,
} from '../../../test/ocpp-helper.js';
import { issue, makeCa, makeCsr, type Issued, type TestCa } from '../../../test/tls-certs.js';

const PW = 'sec-profile-pass-01';
let tls: TestApp; // Voltline serving TLS
let plain: TestApp; // Voltline without TLS
let wss: string;
let ws: string;
let serverCa: TestCa;
let vendorCa: TestCa;
let otherCa: TestCa;
let admin: string;
let plainAdmin: string;
const sims: SimCharger[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'voltline-tls-'));
  [serverCa, vendorCa, otherCa] = await Promise.all([
    makeCa('Test Server CA'),
    makeCa('Vendor CA'),
    makeCa('Other CA'),
  ]);
  const server = await issue(serverCa, 'localhost', true);
  const file = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  tls = await createTestApp({
    TLS_CERT_FILE: file('server.crt', server.cert),
    TLS_KEY_FILE: file('server.key', server.key),
    TLS_CA_FILE: file('vendor-ca.crt', vendorCa.cert),
    CPO_NAME: 'Voltline Test',
  });
  wss = (await listen(tls)).replace('ws://', 'wss://');
  plain = await createTestApp({ CHARGER_CERT_DAYS: '20' });
  ws = await listen(plain);
  admin = await tls.login('admin@voltline.local');
  plainAdmin = await plain.login('admin@voltline.local');
});

afterAll(async () => {
  await Promise.all(sims.map((s) => s.close()));
  await Promise.all(clients.map((c) => c.close({ force: true })));
  await tls?.close();
  await plain?.close();
});

async function register(t: TestApp, id: string, profile: number, password: string | null = PW) {
  const cp = await registerChargePoint(t, id, password);
  await t.database.db
    .update(chargePoints)
    .set({ securityProfile: profile })
    .where(eq(chargePoints.id, cp.id));
  return cp;
}

/** The handshake's HTTP status: 101 when the WebSocket opened (with the subprotocol asked for). */
function handshake(
  url: string,
  id: string,
  opts: { password?: string; cert?: Issued; protocol?: 'ocpp1.6' | 'ocpp2.0.1' } = {},
): Promise<number> {
  const headers = opts.password
    ? { authorization: `Basic ${Buffer.from(`${id}:${opts.password}`).toString('base64')}` }
    : {};
  const protocol = opts.protocol ?? 'ocpp1.6';
  const socket = new WebSocket(`${url}/${id}`, [protocol], {
    headers,
    ca: serverCa.cert,
    ...(opts.cert ? { cert: opts.cert.cert, key: opts.cert.key } : {}),
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.close();
      // Open without an agreed subprotocol is no OCPP connection.
      resolve(socket.protocol ? 101 : 0);
    });
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.once('error', reject);
  });
}

async function notes(t: TestApp, id: string) {
  const rows = await t.database.db
    .select({ payload: ocppMessages.payload })
    .from(ocppMessages)
    .where(and(eq(ocppMessages.chargePointId, id), eq(ocppMessages.action, 'Handshake')));
  return rows.map((r) => JSON.stringify(r.payload));
}

async function security(t: TestApp, token: string, id: number) {
  const r = await t.call<{ data: ChargePointSecurity }>(
    'GET',
    `/api/portal/ChargePoint/${id}/SecurityProfile`,
    {
      token,
    },
  );
  expect(r.status).toBe(200);
  return r.body.data;
}

const raise = (t: TestApp, token: string, id: number, profile: number) =>
  t.call<{ data: { status: string; security: ChargePointSecurity }; message?: string }>(
    'POST',
    `/api/portal/ChargePoint/${id}/SecurityProfile`,
    { token, body: { profile } },
  );

describe('security profile 3 at the handshake', () => {
  it('lets a charger in with a client certificate from a trusted CA naming it, with no password', async () => {
    await register(tls, 'SP3-1', 3);
    const own = await issue(vendorCa, 'SP3-1');
    expect(await handshake(wss, 'SP3-1', { cert: own })).toBe(101);
    const sim = await startCharger({
      url: wss,
      id: 'SP3-1',
      securityProfile: 3,
      tls: { ca: serverCa.cert, cert: own.cert, key: own.key },
    });
    sims.push(sim);
    expect(sim.bootState).toBe('Accepted');
  });

  it('refuses a certificate of another CA, one naming another charger, and the password alone', async () => {
    await register(tls, 'SP3-2', 3);
    expect(await handshake(wss, 'SP3-2', { cert: await issue(otherCa, 'SP3-2') })).toBe(401);
    expect(await handshake(wss, 'SP3-2', { cert: await issue(vendorCa, 'SP3-1') })).toBe(401);
    expect(await handshake(wss, 'SP3-2', { password: PW })).toBe(401);
    const logged = await until(async () =>
      (await notes(tls, 'SP3-2')).length >= 3 ? notes(tls, 'SP3-2') : null,
    );
    expect(logged.join('\n')).toMatch(/Client certificate not trusted/);
    expect(logged.join('\n')).toMatch(/not for this charge point \(CN=SP3-1\)/);
    expect(logged.join('\n')).toMatch(/requires a client certificate/);
  });
});

describe('A00 security profiles 2 and 3 for an OCPP 2.0.1 station, as for 1.6', () => {
  it('lets a 2.0.1 station in by its client certificate, or over TLS by its password, and refuses the rest', async () => {
    await register(tls, 'SP3-201', 3);
    const own = await issue(vendorCa, 'SP3-201');
    const stranger = await issue(otherCa, 'SP3-201');
    expect(await handshake(wss, 'SP3-201', { cert: own, protocol: 'ocpp2.0.1' })).toBe(101);
    expect(await handshake(wss, 'SP3-201', { cert: stranger, protocol: 'ocpp2.0.1' })).toBe(401);
    expect(await handshake(wss, 'SP3-201', { password: PW, protocol: 'ocpp2.0.1' })).toBe(401);
    await register(tls, 'SP2-201', 2);
    expect(await handshake(wss, 'SP2-201', { password: PW, protocol: 'ocpp2.0.1' })).toBe(101);
    expect(await handshake(wss, 'SP2-201', { password: 'wrong-password-0001', protocol: 'ocpp2.0.1' })).toBe(
      401,
    );
    await register(plain, 'SP2-201-WS', 2);
    expect(await handshake(ws, 'SP2-201-WS', { password: PW, protocol: 'ocpp2.0.1' })).toBe(403);
  });
});

describe('security profile 2 at the handshake', () => {
  it('refuses a profile-2 charger on plain ws://, and lets it in over TLS with its password only', async () => {
    await register(plain, 'SP2-1', 2);
    expect(await handshake(ws, 'SP2-1', { password: PW })).toBe(403);
    const logged = await until(async () =>
      (await notes(plain, 'SP2-1')).length ? notes(plain, 'SP2-1') : null,
    );
    expect(logged[0]).toMatch(/Security profile 2 requires TLS/);

    await register(tls, 'SP2-1', 2);
    expect(await handshake(wss, 'SP2-1', { password: PW })).toBe(101);
    expect(await handshake(wss, 'SP2-1', { password: 'wrong-password-0001' })).toBe(401);
    expect(await handshake(wss, 'SP2-1')).toBe(401);
  });

  it('refuses a raise to 2 or 3 while Voltline serves no TLS', async () => {
    const cp = await register(plain, 'SP1-PLAIN', 1);
    const r = await raise(plain, plainAdmin, cp.id, 2);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/TLS/);
  });
});

describe('raising a charger from profile 1 to 3', () => {
  it('signs its CSR, delivers the certificate, sends SecurityProfile=3 and lets it back in by certificate', async () => {
    const cp = await register(tls, 'UP-1', 1);
    const sim = await startCharger({
      url: wss,
      id: 'UP-1',
      password: PW,
      tls: { ca: serverCa.cert },
      config: { CpoName: 'Voltline Test' },
    });
    sims.push(sim);
    expect(sim.bootState).toBe('Accepted');

    // No certificate yet: profile 3 is refused before anything is sent.
    const early = await raise(tls, admin, cp.id, 3);
    expect(early.status).toBe(400);
    expect(JSON.stringify(early.body)).toMatch(/client certificate/);
    expect(sim.configuration.SecurityProfile).toBe('1');

    // Staff ask for it from the Commands menu: the charger makes a key and sends its CSR.
    const trigger = await tls.call<{ data: { status: string } }>(
      'POST',
      `/api/${API.commands.send('extendedTriggerMessage')}`,
      { token: admin, body: { chargePointId: 'UP-1', requestedMessage: 'SignChargePointCertificate' } },
    );
    expect(trigger.body.data).toEqual({ status: 'Accepted' });
    const issued = await until(async () => {
      const s = await security(tls, admin, cp.id);
      return s.certificates[0]?.state === 'accepted' ? s.certificates[0] : null;
    });
    expect(issued.subject).toBe('CN=UP-1, O=Voltline Test');
    expect(issued.expiresSoon).toBe(false);
    expect(new Date(issued.notAfter ?? 0).getTime() - Date.now()).toBeGreaterThan(360 * 86_400_000);

    // Signed by Voltline's own CA, whose private key is kept encrypted under DATA_DIR.
    const caDir = path.join(tls.config.DATA_DIR, 'ca');
    const caCert = new X509Certificate(readFileSync(path.join(caDir, 'ca.crt')));
    const leaf = new X509Certificate(sim.clientCertificate ?? '');
    expect(leaf.verify(caCert.publicKey)).toBe(true);
    expect(leaf.subject).toContain('CN=UP-1');
    expect(readFileSync(path.join(caDir, 'ca.key'), 'utf8')).toContain('BEGIN ENCRYPTED PRIVATE KEY');

    const reconnected = new Promise<void>((resolve) => sim.once('connected', () => resolve()));
    const r = await raise(tls, admin, cp.id, 3);
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('Accepted');
    expect(r.body.data.security.securityProfile).toBe(3);
    await reconnected;
    await until(() => Promise.resolve(sim.isOnline));
    expect(sim.configuration.SecurityProfile).toBe('3');
    // The charger is back by certificate; the password alone no longer opens the door.
    expect(await handshake(wss, 'UP-1', { password: PW })).toBe(401);
    await expect(sim.send('Heartbeat', {})).resolves.toHaveProperty('currentTime');

    // A downgrade is refused, from the profile route and from a raw ChangeConfiguration alike.
    const down = await raise(tls, admin, cp.id, 2);
    expect(down.status).toBe(400);
    expect(JSON.stringify(down.body)).toMatch(/only be raised/);
    const raw = await tls.call('POST', '/api/ocpp/RemoteTrigger/changeConfiguration', {
      token: admin,
      body: { chargePointId: 'UP-1', key: 'SecurityProfile', value: '1' },
    });
    expect(raw.status).toBe(400);
    expect(sim.configuration.SecurityProfile).toBe('3');

    const actions = await tls.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, 'UP-1'));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['certificate.signed', 'certificate.delivered', 'securityProfile']),
    );
  });
});

describe('SignCertificate', () => {
  it('rejects what is not a CSR, and signs no CSR naming another charger', async () => {
    await register(plain, 'CSR-1', 1);
    const client = await connectClient(ws, 'CSR-1', PW);
    clients.push(client);
    const signed: unknown[] = [];
    client.handle('CertificateSigned', ({ params }) => {
      signed.push(params);
      return Promise.resolve({ status: 'Accepted' });
    });
    expect(await client.call('SignCertificate', { csr: 'not a csr' })).toEqual({ status: 'Rejected' });
    expect(await client.call('SignCertificate', { csr: await makeCsr('CN=SOMEONE-ELSE') })).toEqual({
      status: 'Accepted',
    });
    const id =
      (await plain.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, 'CSR-1')))[0]
        ?.id ?? 0;
    const refused = await until(async () => (await security(plain, plainAdmin, id)).certificates[0]);
    expect(refused).toMatchObject({ state: 'refused', reason: 'csr.commonName', serialNumber: null });

    // Its own id: signed and delivered; 20 days of validity is within the renewal warning.
    expect(await client.call('SignCertificate', { csr: await makeCsr('CN=CSR-1') })).toEqual({
      status: 'Accepted',
    });
    const good = await until(async () => {
      const c = (await security(plain, plainAdmin, id)).certificates[0];
      return c?.state === 'accepted' ? c : null;
    });
    expect(good.expiresSoon).toBe(true);
    expect(signed).toHaveLength(1);

    // Once its certificate is two days old, the charger is asked for a new one before it ends, once a day.
    const triggered: unknown[] = [];
    client.handle('ExtendedTriggerMessage', ({ params }) => {
      triggered.push(params);
      return Promise.resolve({ status: 'Accepted' });
    });
    const renewal = plain.app.services.certificateRenewal;
    expect(await renewal.run()).toBe(0); // just issued
    await plain.database.db
      .update(issuedCertificates)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(issuedCertificates.chargePointId, id));
    expect(await renewal.run()).toBe(1);
    expect(triggered).toEqual([{ requestedMessage: 'SignChargePointCertificate' }]);
    expect(await renewal.run()).toBe(0);
    const lines = await plain.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'certificate.renewalRequested'), eq(auditLogs.entityId, 'CSR-1')));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.summary).toMatchObject({ answer: 'Accepted' });
  });
  it('A02 signs a 2.0.1 station’s CSR and delivers it by CertificateSigned; A03 asks for a new one before it ends', async () => {
    await register(plain, 'CSR-201', 1);
    const client = await connectClient(ws, 'CSR-201', PW, 'ocpp2.0.1');
    clients.push(client);
    await client.call('BootNotification', boot201);
    const signed: { certificateChain?: string }[] = [];
    client.handle('CertificateSigned', ({ params }) => {
      signed.push(params as { certificateChain?: string });
      return Promise.resolve({ status: 'Accepted' });
    });
    const csr = await makeCsr('CN=CSR-201');
    expect(
      await client.call('SignCertificate', { csr, certificateType: 'ChargingStationCertificate' }),
    ).toEqual({ status: 'Accepted' });
    const id =
      (
        await plain.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, 'CSR-201'))
      )[0]?.id ?? 0;
    const good = await until(async () => {
      const c = (await security(plain, plainAdmin, id)).certificates[0];
      return c?.state === 'accepted' ? c : null;
    });
    expect(good.serialNumber).toBeTruthy();
    expect(signed).toHaveLength(1);
    const leaf = new X509Certificate(signed[0]?.certificateChain ?? '');
    expect(leaf.subject).toContain('CN=CSR-201');

    // A03: the renewal asks a 2.0.1 station in its own words (TriggerMessage SignChargingStationCertificate).
    const triggered: unknown[] = [];
    client.handle('TriggerMessage', ({ params }) => {
      triggered.push(params);
      return Promise.resolve({ status: 'Accepted' });
    });
    await plain.database.db
      .update(issuedCertificates)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(issuedCertificates.chargePointId, id));
    expect(await plain.app.services.certificateRenewal.run()).toBeGreaterThanOrEqual(1);
    expect(triggered).toEqual([{ requestedMessage: 'SignChargingStationCertificate' }]);
  });
});
