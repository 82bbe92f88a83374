import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCharger, type SimCharger } from './index.js';
import { TestCentralSystem } from './test-server.js';

// A self-issued root made with openssl (EC P-256, key thrown away); `openssl ocsp -sha256
// -req_text` names it with the hash data below.
const ROOT = `-----BEGIN CERTIFICATE-----
MIIBqzCCAVGgAwIBAgIEAMD/7jAKBggqhkjOPQQDAjAzMR4wHAYDVQQDDBVWb2x0
bGluZSBUZXN0IFJvb3QgQ0ExETAPBgNVBAoMCFZvbHRsaW5lMB4XDTI2MTEyNjAz
MjQzMloXDTQ2MTEyMTAzMjQzMlowMzEeMBwGA1UEAwwVVm9sdGxpbmUgVGVzdCBS
b290IENBMREwDwYDVQQKDAhWb2x0bGluZTBZMBMGByqGSM49AgEGCCqGSM49AwEH
A0IABEJ9G0nLyVlw0+/ao9qWBjXUVeFE7/Li15SPykYBVjrEAza2m0KvJacvCViB
+0JaNUWd/K1g9mxB4td0r0UG+wmjUzBRMB0GA1UdDgQWBBTkVDejovnDsJfeRK6t
wtKjqK2nFjAfBgNVHSMEGDAWgBTkVDejovnDsJfeRK6twtKjqK2nFjAPBgNVHRMB
Af8EBTADAQH/MAoGCCqGSM49BAMCA0gAMEUCICzJNtc4m/YoY9QIJVGsLeDzKMoe
eeThKsFDxk/htfI2AiEA+gy8AhCJ4JfD5xsX+GdcZiglsD/MifroEjdE2qt3zp8=
-----END CERTIFICATE-----`;
const HASH = {
  hashAlgorithm: 'SHA256' as const,
  issuerNameHash: '946dfe3a1613b4a8b2531144cffefb66f8f8f0dec6c91cf3f97c240bf95ca4f4',
  issuerKeyHash: '1cf752334887febb173da41217dd74d7d9f315c7a0182c5c6fdb4be7b506c62b',
  serialNumber: 'c0ffee',
};

let cs: TestCentralSystem;
const chargers: SimCharger[] = [];

beforeAll(async () => {
  cs = await new TestCentralSystem().start();
});
afterEach(async () => {
  await Promise.all(chargers.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await cs.close();
});

async function charger(id: string) {
  const c = await startCharger({ url: cs.url, id });
  chargers.push(c);
  return c;
}

describe('root certificates', () => {
  it('installs, reports and deletes a root certificate by its hash data', async () => {
    await charger('CP-CERT');
    const type = { certificateType: 'CentralSystemRootCertificate' } as const;
    expect(await cs.call('CP-CERT', 'GetInstalledCertificateIds', type)).toEqual({ status: 'NotFound' });
    expect(await cs.call('CP-CERT', 'InstallCertificate', { ...type, certificate: ROOT })).toEqual({
      status: 'Accepted',
    });
    expect(await cs.call('CP-CERT', 'GetInstalledCertificateIds', type)).toEqual({
      status: 'Accepted',
      certificateHashData: [HASH],
    });
    expect(
      await cs.call('CP-CERT', 'GetInstalledCertificateIds', {
        certificateType: 'ManufacturerRootCertificate',
      }),
    ).toEqual({ status: 'NotFound' });
    // Upper case and a leading zero name the same certificate.
    const spelled = { ...HASH, issuerNameHash: HASH.issuerNameHash.toUpperCase(), serialNumber: '00C0FFEE' };
    expect(await cs.call('CP-CERT', 'DeleteCertificate', { certificateHashData: spelled })).toEqual({
      status: 'Accepted',
    });
    expect(await cs.call('CP-CERT', 'DeleteCertificate', { certificateHashData: HASH })).toEqual({
      status: 'NotFound',
    });
  });

  it('rejects what is not a certificate and says so with a security event', async () => {
    await charger('CP-BADCERT');
    expect(
      await cs.call('CP-BADCERT', 'InstallCertificate', {
        certificateType: 'CentralSystemRootCertificate',
        certificate: '-----BEGIN CERTIFICATE-----\nbm9wZQ==\n-----END CERTIFICATE-----',
      }),
    ).toEqual({ status: 'Rejected' });
    const event = await cs.nth('CP-BADCERT', 'SecurityEventNotification');
    expect(event.payload).toMatchObject({ type: 'InvalidCentralSystemCertificate' });
  });
});

describe('security events', () => {
  it('are queued while offline and delivered once the charger is back', async () => {
    const c = await charger('CP-SECEV');
    await c.disconnect();
    c.securityEvent('TamperDetectionActivated', 'Front cover opened');
    expect(cs.messages('CP-SECEV', 'SecurityEventNotification')).toEqual([]);
    await c.reconnect();
    const event = await cs.nth('CP-SECEV', 'SecurityEventNotification');
    expect(event.payload).toMatchObject({ type: 'TamperDetectionActivated', techInfo: 'Front cover opened' });
    expect(Number.isNaN(Date.parse(String(event.payload.timestamp)))).toBe(false);
  });
});
