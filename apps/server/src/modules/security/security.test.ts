import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { startCharger, type SimCharger } from '@voltline/simulator';
import type { CertificateInfo, InstalledCertificate, Page, SecurityEvent } from '@voltline/contract';
import { auditLogs, commandRecords } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, registerChargePoint, until, type Client } from '../../../test/ocpp-helper.js';
import { CS_ROOT, LEAF, MANUFACTURER_ROOT } from '../../../test/certificates.js';

// Root certificates on chargers (InstallCertificate, GetInstalledCertificateIds, DeleteCertificate)
// against the simulator, and SecurityEventNotifications stored and listed.

let t: TestApp;
let url: string;
let sim: SimCharger;
let admin: string;
let istanbul: string;
let safety: string;
let finance: string;
let simDbId: number;
let ankara: Client;
const PW = 'charger-secret-sec1';

// What `openssl ocsp -sha256 -issuer cs.pem -cert cs.pem -req_text` says of CS_ROOT.
const CS_HASH = {
  hashAlgorithm: 'SHA256',
  issuerNameHash: '946dfe3a1613b4a8b2531144cffefb66f8f8f0dec6c91cf3f97c240bf95ca4f4',
  issuerKeyHash: '1cf752334887febb173da41217dd74d7d9f315c7a0182c5c6fdb4be7b506c62b',
  serialNumber: 'c0ffee',
};

type Answer<T = Record<string, unknown>> = { data: T; message?: string; error?: string; details?: unknown };

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  simDbId = (await registerChargePoint(t, 'SEC-1', PW)).id;
  await registerChargePoint(t, 'SEC-ANK', PW, 'Voltline Ankara');
  sim = await startCharger({ url, id: 'SEC-1', password: PW });
  ankara = await connectClient(url, 'SEC-ANK', PW);
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  safety = await t.login('safety@voltline.local');
  finance = await t.login('finance@voltline.local');
});
afterAll(async () => {
  await sim.close();
  await ankara.close({ force: true });
  await t.close();
});

const send = (command: string, body: Record<string, unknown>, token = istanbul) =>
  t.call<Answer>('POST', `/api/ocpp/RemoteTrigger/${command}`, {
    token,
    body: { chargePointId: 'SEC-1', ...body },
  });
const installed = async (token = istanbul, id = simDbId) =>
  t.call<Answer<InstalledCertificate[]>>('GET', `/api/portal/ChargePoint/${id}/Certificates`, { token });

describe('root certificates on a charger', () => {
  it('names a certificate by the hash data OpenSSL computes, before anything is sent', async () => {
    const r = await t.call<Answer<CertificateInfo>>('POST', '/api/portal/ChargePoint/CertificateHashData', {
      token: istanbul,
      body: { certificate: CS_ROOT },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.hashData).toEqual(CS_HASH);
    expect(r.body.data.subject).toBe('CN=Voltline Test Root CA, O=Voltline');
  });

  it('refuses text that is not a certificate, and a certificate that is not a root, with nothing sent', async () => {
    const calls: string[] = [];
    const listener = ({ action }: { action: string }) => calls.push(action);
    sim.on('call', listener);
    const garbage = await send('installCertificate', {
      certificateType: 'CentralSystemRootCertificate',
      certificate: '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----',
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body.error).toMatch(/not a readable X\.509 certificate/);
    const leaf = await t.call<Answer>('POST', '/api/ocpp/RemoteTrigger/installCertificate', {
      token: istanbul,
      headers: { 'accept-language': 'tr' },
      body: { chargePointId: 'SEC-1', certificateType: 'CentralSystemRootCertificate', certificate: LEAF },
    });
    expect(leaf.status).toBe(400);
    expect(leaf.body.error).toMatch(/kök sertifika değil/);
    sim.off('call', listener);
    expect(calls).toEqual([]);
    const records = await t.database.db
      .select()
      .from(commandRecords)
      .where(eq(commandRecords.action, 'InstallCertificate'));
    expect(records).toEqual([]);
  });

  it('installs, lists and deletes a root certificate, keeping the list true to the charger', async () => {
    const install = await send('installCertificate', {
      certificateType: 'CentralSystemRootCertificate',
      certificate: CS_ROOT,
    });
    expect(install.body).toMatchObject({
      data: { status: 'Accepted', hashData: CS_HASH },
      message: 'The charge point answered: Accepted',
    });
    let list = (await installed()).body.data;
    expect(list).toEqual([
      expect.objectContaining({
        certificateType: 'CentralSystemRootCertificate',
        ...CS_HASH,
        subject: 'CN=Voltline Test Root CA, O=Voltline',
      }),
    ]);

    // The charger's own report agrees with Voltline's computation.
    const ids = await send('getInstalledCertificateIds', { certificateType: 'CentralSystemRootCertificate' });
    expect(ids.body.data).toEqual({ status: 'Accepted', certificateHashData: [CS_HASH] });
    const none = await send('getInstalledCertificateIds', { certificateType: 'ManufacturerRootCertificate' });
    expect(none.body.data).toEqual({ status: 'NotFound' });

    // Installed behind Voltline's back: it appears once the charger reports it.
    sim.certificates.install('ManufacturerRootCertificate', MANUFACTURER_ROOT);
    await send('getInstalledCertificateIds', { certificateType: 'ManufacturerRootCertificate' });
    list = (await installed()).body.data;
    expect(list.map((c) => [c.certificateType, c.subject])).toEqual([
      ['CentralSystemRootCertificate', 'CN=Voltline Test Root CA, O=Voltline'],
      ['ManufacturerRootCertificate', null],
    ]);

    const del = await send('deleteCertificate', { certificateHashData: CS_HASH });
    expect(del.body.data).toEqual({ status: 'Accepted' });
    expect(sim.certificates.list('CentralSystemRootCertificate')).toEqual([]);
    expect((await installed()).body.data.map((c) => c.certificateType)).toEqual([
      'ManufacturerRootCertificate',
    ]);
    const again = await send('deleteCertificate', { certificateHashData: CS_HASH });
    expect(again.body.data).toEqual({ status: 'NotFound' });

    // Removed behind Voltline's back: gone from the list at the next report.
    sim.certificates.remove(list[1]!);
    await send('getInstalledCertificateIds', { certificateType: 'ManufacturerRootCertificate' });
    expect((await installed()).body.data).toEqual([]);
  });

  it('audits each certificate command by its certificate, never by its PEM text', async () => {
    const lines = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'command.installCertificate'));
    expect(lines).toHaveLength(1);
    const summary = JSON.stringify(lines[0]);
    expect(summary).toContain('CN=Voltline Test Root CA');
    expect(summary).toContain(CS_HASH.issuerNameHash);
    expect(summary).not.toContain('BEGIN CERTIFICATE');
    const [first] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'command.deleteCertificate'))
      .orderBy(auditLogs.id);
    expect(first?.summary).toMatchObject({
      answer: 'Accepted',
      request: { certificateType: 'CentralSystemRootCertificate', serialNumber: 'c0ffee' },
    });
  });

  it('lets only roles with the charge points’ permissions install or read, and only in reach', async () => {
    const body = { certificateType: 'ManufacturerRootCertificate', certificate: MANUFACTURER_ROOT };
    expect((await send('installCertificate', body, safety)).status).toBe(403);
    expect(
      (await send('getInstalledCertificateIds', { certificateType: 'ManufacturerRootCertificate' }, finance))
        .status,
    ).toBe(403);
    const ank = await t.database.db.query.chargePoints.findFirst({
      where: (c, { eq: e }) => e(c.chargePointId, 'SEC-ANK'),
    });
    expect((await installed(istanbul, ank!.id)).status).toBe(404);
    expect((await installed(admin, ank!.id)).status).toBe(200);
    const other = await t.call('POST', '/api/ocpp/RemoteTrigger/installCertificate', {
      token: istanbul,
      body: { chargePointId: 'SEC-ANK', ...body },
    });
    expect(other.status).toBe(404);
  });
});

const events = (body: Record<string, unknown>, token = istanbul, index = 0) =>
  t.call<Answer<Page<SecurityEvent>>>('POST', `/api/messageTrace/SecurityEvents?index=${index}&size=10`, {
    token,
    body,
  });

describe('security events', () => {
  it('stores a notification as sent, flags critical types, and keeps types the edition does not define', async () => {
    sim.securityEvent('TamperDetectionActivated', 'Front cover opened');
    sim.securityEvent('InvalidMessages');
    sim.securityEvent('VendorDoorAlarm', 'vendor-specific');
    const mine = await until(async () => {
      const r = await t.call<Answer<Page<SecurityEvent>>>(
        'GET',
        '/api/messageTrace/SecurityEvents?ChargePointId=SEC-1',
        {
          token: istanbul,
        },
      );
      return r.body.data.total >= 3 ? r.body.data : null;
    });
    const byType = Object.fromEntries(mine.items.map((e) => [e.type, e]));
    expect(byType.TamperDetectionActivated).toMatchObject({
      critical: true,
      techInfo: 'Front cover opened',
      chargePointId: 'SEC-1',
    });
    expect(byType.InvalidMessages).toMatchObject({ critical: false, techInfo: null });
    expect(byType.VendorDoorAlarm).toMatchObject({ critical: false, techInfo: 'vendor-specific' });
  });

  it('answers {} and stores a sibling operator’s event out of others’ reach', async () => {
    const answer = await ankara.call('SecurityEventNotification', {
      type: 'SecurityLogWasCleared',
      timestamp: '2026-01-02T03:04:05.000Z',
    });
    expect(answer).toEqual({});
    expect((await events({ chargePointId: 'SEC-ANK' })).body.data.total).toBe(0);
    expect((await events({ chargePointId: 'SEC-ANK' }, admin)).body.data.items[0]).toMatchObject({
      type: 'SecurityLogWasCleared',
      critical: true,
      timestamp: '2026-01-02T03:04:05.000Z',
    });
    const r = await t.call('GET', '/api/messageTrace/SecurityEvents?ChargePointId=SEC-ANK', {
      token: istanbul,
    });
    expect(r.status).toBe(404);
  });

  it('sends one by itself when its password changes (a change of security parameters)', async () => {
    const change = await send('changeConfiguration', {
      key: 'AuthorizationKey',
      value: 'new-charger-secret-9',
    });
    expect(change.body.data).toEqual({ status: 'Accepted' });
    await until(
      async () => (await events({ type: 'ReconfigurationOfSecurityParameters' })).body.data.total === 1,
    );
  });

  it('filters by charge point, type, critical only and time, pages on the server', async () => {
    expect((await events({ criticalOnly: true })).body.data.items.map((e) => e.type)).toEqual([
      'TamperDetectionActivated',
    ]);
    expect((await events({ type: 'InvalidMessages' })).body.data.total).toBe(1);
    expect((await events({ chargePointId: 'sec-1' })).body.data.total).toBe(4);
    expect((await events({ from: '2099-01-01T00:00:00.000Z' })).body.data.total).toBe(0);
    expect(
      (await events({ to: '2026-06-01T00:00:00.000Z' }, admin)).body.data.items.map((e) => e.type),
    ).toEqual(['SecurityLogWasCleared']);
    const first = await t.call<Answer<Page<SecurityEvent>>>(
      'POST',
      '/api/messageTrace/SecurityEvents?index=1&size=3',
      {
        token: istanbul,
        body: {},
      },
    );
    expect(first.body.data).toMatchObject({ total: 4, index: 1, size: 3 });
    expect(first.body.data.items).toHaveLength(1);
  });

  it('is read with the logs’ permission', async () => {
    expect((await events({}, finance)).status).toBe(403);
    expect((await events({}, safety)).status).toBe(200);
  });

  it('exports the filtered events as .xlsx, in words of the reader’s language', async () => {
    const r = await t.call('POST', '/api/messageTrace/SecurityEvents/SecurityEventsExcel', {
      token: istanbul,
      body: { chargePointId: 'SEC-1' },
      headers: { 'accept-language': 'tr' },
    });
    expect(r.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.res.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]!.getSheetValues().slice(1) as unknown[][]).map((row) =>
      row.slice(1).map((c) => (c instanceof Date ? 'date' : typeof c === 'string' ? c : '')),
    );
    expect(rows[0]).toEqual(expect.arrayContaining(['Şarj istasyonu', 'Olay', 'Kritik', 'Teknik bilgi']));
    expect(rows).toContainEqual(
      expect.arrayContaining([
        'Kurcalama algılandı',
        'TamperDetectionActivated',
        'Evet',
        'Front cover opened',
      ]),
    );
    expect(rows).toContainEqual(expect.arrayContaining(['VendorDoorAlarm', 'Hayır']));
    expect(rows.flat().join(' ')).not.toContain('SEC-ANK');
  });
});

describe('highlighted events', () => {
  it('highlights events that signal an attack, the edition’s own and a vendor’s', async () => {
    for (const [type, at] of [
      ['AttemptedReplayAttacks', '2026-01-02T03:04:06.000Z'],
      ['FirmwareTampered', '2026-01-02T03:04:07.000Z'],
      ['InvalidMessages', '2026-01-02T03:04:08.000Z'],
    ] as const) {
      await ankara.call('SecurityEventNotification', { type, timestamp: at });
    }
    const items = (await events({ chargePointId: 'SEC-ANK', criticalOnly: true }, admin)).body.data.items;
    expect(items.map((e) => e.type).sort()).toEqual([
      'AttemptedReplayAttacks',
      'FirmwareTampered',
      'SecurityLogWasCleared',
    ]);
  });
});
