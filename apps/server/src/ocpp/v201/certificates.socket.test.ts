import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startCharger, startCharger201, type SimCharger, type SimCharger201 } from '@voltline/simulator';
import type { InstalledCertificate } from '@voltline/contract';
import { chargePoints } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { CS_ROOT, MANUFACTURER_ROOT } from '../../../test/certificates.js';
import { listen, registerChargePoint } from '../../../test/ocpp-helper.js';
import { makeSigner } from '../../../test/signing.js';

/** Self-signed roots of their own: a station names a certificate by its hash data alone. */
const V2G_ROOT = makeSigner('Voltline Test V2G Root').certificate;
const MO_ROOT = makeSigner('Voltline Test MO Root').certificate;

// Root certificates of a simulated 2.0.1 station, through the API the Security tab uses: every
// certificate type 2.0.1 has (M05 install, M03 ask, M04 delete) and every hash algorithm a station
// may name them by; a 1.6 charger is not asked of the ISO 15118 ones.

let t: TestApp;
let sim: SimCharger201;
let old: SimCharger;
let admin: string;
let cpId: number;
const PW = 'charger-secret-cert201';

type Answer = { data: Record<string, unknown>; message?: string; refused?: boolean };

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '3' });
  const url = await listen(t);
  await registerChargePoint(t, 'CERT201', PW);
  await registerChargePoint(t, 'CERT16', PW);
  sim = await startCharger201({ url, id: 'CERT201', password: PW, rebootDelay: 0.2 });
  old = await startCharger({ url, id: 'CERT16', password: PW });
  admin = await t.login('admin@voltline.local');
  const [cp] = await t.database.db
    .select()
    .from(chargePoints)
    .where(eq(chargePoints.chargePointId, 'CERT201'));
  cpId = cp!.id;
});
afterAll(async () => {
  await sim.close();
  await old.close();
  await t.close();
});

const send = (command: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.call<Answer>('POST', `/api/ocpp/RemoteTrigger/${command}`, { token: admin, body, headers });
const known = async () =>
  (
    await t.call<{ data: InstalledCertificate[] }>('GET', `/api/portal/ChargePoint/${cpId}/Certificates`, {
      token: admin,
    })
  ).body.data;

describe('M03–M05 certificates of a 2.0.1 station', () => {
  it('M05 InstallCertificate of every root type: Accepted, kept under the 2.0.1 name at the station', async () => {
    const installs = [
      ['CentralSystemRootCertificate', CS_ROOT, 'CSMSRootCertificate'],
      ['ManufacturerRootCertificate', MANUFACTURER_ROOT, 'ManufacturerRootCertificate'],
      ['V2GRootCertificate', V2G_ROOT, 'V2GRootCertificate'],
      ['MORootCertificate', MO_ROOT, 'MORootCertificate'],
    ] as const;
    for (const [certificateType, certificate] of installs) {
      const r = await send('installCertificate', { chargePointId: 'CERT201', certificateType, certificate });
      expect(r.body.data).toMatchObject({ status: 'Accepted' });
    }
    expect(sim.certificates.map((c) => c.type)).toEqual(installs.map(([, , at]) => at));
    expect((await known()).map((c) => c.certificateType).sort()).toEqual([
      'CentralSystemRootCertificate',
      'MORootCertificate',
      'ManufacturerRootCertificate',
      'V2GRootCertificate',
    ]);
  });

  it('M05 a certificate the station cannot read: Rejected, said as a refusal, nothing kept', async () => {
    const r = await send('installCertificate', {
      chargePointId: 'CERT201',
      certificateType: 'MORootCertificate',
      certificate: CS_ROOT.replace(/[A-Za-z]{8}\n/, 'AAAAAAAA\n'),
    });
    // Voltline checks a certificate before sending it: one it cannot read does not reach the station.
    expect(r.status === 400 || r.body.refused === true).toBe(true);
    expect(sim.certificates).toHaveLength(4);
  });

  it.each(['SHA256', 'SHA384', 'SHA512'] as const)(
    'M03 GetInstalledCertificateIds with %s hash data: the list follows the station; M04 DeleteCertificate by it',
    async (algorithm) => {
      sim.certificateHashAlgorithm = algorithm;
      for (const certificateType of [
        'V2GRootCertificate',
        'MORootCertificate',
        'CentralSystemRootCertificate',
      ]) {
        const r = await send('getInstalledCertificateIds', { chargePointId: 'CERT201', certificateType });
        expect(r.body.data).toMatchObject({ status: 'Accepted' });
      }
      const v2g = (await known()).find((c) => c.certificateType === 'V2GRootCertificate')!;
      expect(v2g.hashAlgorithm).toBe(algorithm);
      expect(v2g.issuerNameHash).toHaveLength({ SHA256: 64, SHA384: 96, SHA512: 128 }[algorithm]);
      const { hashAlgorithm, issuerNameHash, issuerKeyHash, serialNumber } = v2g;
      const del = await send('deleteCertificate', {
        chargePointId: 'CERT201',
        certificateHashData: { hashAlgorithm, issuerNameHash, issuerKeyHash, serialNumber },
      });
      expect(del.body.data).toMatchObject({ status: 'Accepted' });
      expect((await known()).some((c) => c.certificateType === 'V2GRootCertificate')).toBe(false);
      // Put back for the next algorithm.
      await send('installCertificate', {
        chargePointId: 'CERT201',
        certificateType: 'V2GRootCertificate',
        certificate: V2G_ROOT,
      });
    },
  );

  it('M04 DeleteCertificate of one the station does not hold: NotFound, shown as such', async () => {
    const r = await send('deleteCertificate', {
      chargePointId: 'CERT201',
      certificateHashData: {
        hashAlgorithm: 'SHA384',
        issuerNameHash: 'c'.repeat(96),
        issuerKeyHash: 'd'.repeat(96),
        serialNumber: '42',
      },
    });
    expect(r.body.data).toMatchObject({ status: 'NotFound' });
  });

  it('M03 V2GCertificateChain: a station with no V2G chain answers NotFound', async () => {
    const r = await send('getInstalledCertificateIds', {
      chargePointId: 'CERT201',
      certificateType: 'V2GCertificateChain',
    });
    expect(r.body.data).toMatchObject({ status: 'NotFound' });
  });

  it('M03/M05 a 1.6 charger is not asked of ISO 15118 certificates: refused in words, nothing sent', async () => {
    for (const [lng, words] of [
      ['en', 'keeps no Plug & Charge (ISO 15118) certificates'],
      ['tr', 'Tak ve Şarj Et (ISO 15118) sertifikaları tutmaz'],
    ] as const) {
      const r = await send(
        'installCertificate',
        { chargePointId: 'CERT16', certificateType: 'V2GRootCertificate', certificate: CS_ROOT },
        { 'accept-language': lng },
      );
      expect(r.status).toBe(409);
      expect(JSON.stringify(r.body)).toContain(words);
    }
    const ask = await send('getInstalledCertificateIds', {
      chargePointId: 'CERT16',
      certificateType: 'MORootCertificate',
    });
    expect(ask.status).toBe(409);
    const ok = await send('getInstalledCertificateIds', {
      chargePointId: 'CERT16',
      certificateType: 'ManufacturerRootCertificate',
    });
    expect(ok.status).toBe(200);
  });
});
