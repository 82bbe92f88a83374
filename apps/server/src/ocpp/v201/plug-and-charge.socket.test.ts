import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeContract,
  requestCertificateStatus,
  requestEvCertificate,
  startCharger201,
} from '@voltline/simulator';
import { createTestApp } from '../../../test/helper.js';
import { listen, registerChargePoint } from '../../../test/ocpp-helper.js';

// Plug & Charge (ISO 15118) questions of a simulated 2.0.1 station: answered as OCPP 2.0.1 says
// for "not available" without a provider, and passed to a configured one (a stand-in HTTP
// server here); each shown with the charger's security events.

const PW = 'charger-secret-0201p';
const OCSP = {
  hashAlgorithm: 'SHA256' as const,
  issuerNameHash: 'a'.repeat(64),
  issuerKeyHash: 'b'.repeat(64),
  serialNumber: '1f2e',
  responderURL: 'http://ocsp.example.test',
};
const CHAIN = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';

type Events = { data: { items: Array<{ type: string; techInfo: string | null; critical: boolean }> } };

async function station(id: string) {
  const t = await createTestApp(env);
  const url = await listen(t);
  await registerChargePoint(t, id, PW);
  const sim = await startCharger201({ url, id, password: PW, rebootDelay: 0.2 });
  const admin = await t.login('admin@voltline.local');
  const events = async () =>
    (
      await t.call<Events>('GET', `/api/messageTrace/SecurityEvents?ChargePointId=${id}&size=50`, {
        token: admin,
      })
    ).body.data.items;
  return { t, sim, events };
}
let env: Record<string, string> = {};

describe('without a Plug & Charge provider', () => {
  let s: Awaited<ReturnType<typeof station>>;
  beforeAll(async () => {
    env = {};
    s = await station('PNC-NONE');
  });
  afterAll(async () => {
    await s.sim.close();
    await s.t.close();
  });

  it('M01 Get15118EVCertificate Install is Failed with an empty EXI response, and shown', async () => {
    const a = await requestEvCertificate(s.sim, 'Install');
    expect(a).toMatchObject({ status: 'Failed', exiResponse: '', statusInfo: { reasonCode: 'NoProvider' } });
    const [e] = await s.events();
    expect(e).toMatchObject({ type: 'Iso15118CertificateInstall', critical: false });
    expect(e?.techInfo).toContain('Failed');
    expect(e?.techInfo).toContain('no Plug & Charge provider configured');
  });

  it('M02 Get15118EVCertificate Update is Failed too', async () => {
    const a = await requestEvCertificate(s.sim, 'Update');
    expect(a.status).toBe('Failed');
    expect((await s.events())[0]?.type).toBe('Iso15118CertificateUpdate');
  });

  it('M06 GetCertificateStatus is Failed and carries no OCSP result', async () => {
    const a = await requestCertificateStatus(s.sim, OCSP);
    expect(a.status).toBe('Failed');
    expect(a.ocspResult).toBeUndefined();
    const [e] = await s.events();
    expect(e).toMatchObject({ type: 'Iso15118CertificateStatus' });
    expect(e?.techInfo).toContain('serial 1f2e');
  });

  it('C07 a contract certificate that cannot be checked: NoCertificateAvailable and the token Invalid, even a known card', async () => {
    const a = await authorizeContract(s.sim, 'DEMO0001', { certificate: CHAIN });
    expect(a).toMatchObject({
      certificateStatus: 'NoCertificateAvailable',
      idTokenInfo: { status: 'Invalid' },
    });
    const b = await authorizeContract(s.sim, 'DEMO0001', { hashData: [OCSP] });
    expect(b.certificateStatus).toBe('NoCertificateAvailable');
    const [e] = await s.events();
    expect(e).toMatchObject({ type: 'Iso15118ContractAuthorization' });
    expect(e?.techInfo).toContain('NoCertificateAvailable · DEMO0001');
  });

  it('C01 an eMAID without a certificate is answered by the card rules alone, with no certificate status', async () => {
    const a = await s.sim.send('Authorize', { idToken: { idToken: 'DEMO0001', type: 'eMAID' } });
    expect(a.idTokenInfo.status).toBe('Accepted');
    expect(a.certificateStatus).toBeUndefined();
  });

  it("A04 a 2.0.1 station's own security event is listed among them, critical where it is", async () => {
    await s.sim.send('SecurityEventNotification', {
      type: 'TamperDetectionActivated',
      timestamp: new Date(Date.now() + 60_000).toISOString(),
      techInfo: 'lid opened',
    });
    const [e] = await s.events();
    expect(e).toMatchObject({ type: 'TamperDetectionActivated', critical: true, techInfo: 'lid opened' });
  });
});

describe('with a Plug & Charge provider', () => {
  let s: Awaited<ReturnType<typeof station>>;
  let provider: Server;
  const asked: Array<{ path: string; auth: string | undefined; body: Record<string, unknown> }> = [];
  let contractVerdict = 'Accepted';

  const read = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    return JSON.parse(text) as Record<string, unknown>;
  };

  beforeAll(async () => {
    provider = createServer((req, res) => {
      void read(req).then((body) => {
        asked.push({ path: req.url ?? '', auth: req.headers.authorization, body });
        const answers: Record<string, unknown> = {
          '/pki/ev-certificate': { status: 'Accepted', exiResponse: 'RVhJLXJlc3BvbnNl' },
          '/pki/ocsp-status': { status: 'Accepted', ocspResult: 'T0NTUC1yZXN1bHQ=' },
          '/pki/verify-contract': { status: contractVerdict },
        };
        const answer = answers[req.url ?? ''];
        res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer ?? {}));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    env = {
      PNC_PROVIDER_URL: `http://127.0.0.1:${port}/pki/`,
      PNC_PROVIDER_TOKEN: 'provider-token-0123456789',
    };
    s = await station('PNC-PROV');
  });
  afterAll(async () => {
    await s.sim.close();
    await s.t.close();
    await new Promise((resolve) => provider.close(resolve));
  });

  it("M01 Get15118EVCertificate: the EV's EXI request goes to the provider, its EXI answer back, Accepted", async () => {
    const a = await requestEvCertificate(s.sim, 'Install', 'RVhJLXJlcXVlc3Q=');
    expect(a).toEqual({ status: 'Accepted', exiResponse: 'RVhJLXJlc3BvbnNl' });
    const q = asked.find((x) => x.path === '/pki/ev-certificate');
    expect(q?.auth).toBe('Bearer provider-token-0123456789');
    expect(q?.body).toMatchObject({
      chargePointId: 'PNC-PROV',
      action: 'Install',
      exiRequest: 'RVhJLXJlcXVlc3Q=',
    });
    expect((await s.events())[0]).toMatchObject({
      type: 'Iso15118CertificateInstall',
      techInfo: expect.stringMatching(/^Accepted/) as unknown,
    });
  });

  it("M06 GetCertificateStatus: the provider's OCSP response comes back, Accepted", async () => {
    const a = await requestCertificateStatus(s.sim, OCSP);
    expect(a).toEqual({ status: 'Accepted', ocspResult: 'T0NTUC1yZXN1bHQ=' });
    expect(asked.find((x) => x.path === '/pki/ocsp-status')?.body).toMatchObject({ serialNumber: '1f2e' });
  });

  it('C07 an Accepted contract certificate leaves the eMAID to the card rules: a known card Accepted, an unknown one Unknown', async () => {
    const a = await authorizeContract(s.sim, 'DEMO0001', { hashData: [OCSP] });
    expect(a).toMatchObject({ certificateStatus: 'Accepted', idTokenInfo: { status: 'Accepted' } });
    const b = await authorizeContract(s.sim, 'NL-VLT-C00000001', { certificate: CHAIN });
    expect(b.certificateStatus).toBe('Accepted');
    expect(b.idTokenInfo.status).not.toBe('Accepted');
  });

  it('C07 a revoked contract certificate: CertificateRevoked and the token Invalid (C07.FR.16)', async () => {
    contractVerdict = 'CertificateRevoked';
    const a = await authorizeContract(s.sim, 'DEMO0001', { certificate: CHAIN });
    expect(a).toMatchObject({ certificateStatus: 'CertificateRevoked', idTokenInfo: { status: 'Invalid' } });
    expect((await s.events())[0]?.techInfo).toContain('CertificateRevoked');
  });

  it('C07 a provider answering nonsense is taken as none: NoCertificateAvailable, the reason kept', async () => {
    contractVerdict = 'Maybe';
    const a = await authorizeContract(s.sim, 'DEMO0001', { certificate: CHAIN });
    expect(a.certificateStatus).toBe('NoCertificateAvailable');
    expect((await s.events())[0]?.techInfo).toContain('unknown shape');
  });
});
