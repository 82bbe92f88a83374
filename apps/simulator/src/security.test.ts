import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigStore } from './config-store.js';
import { acceptChain, createCsr, x509 } from './security.js';

describe('the SecurityProfile configuration key', () => {
  it('is raised, never lowered', () => {
    const config = new ConfigStore(1);
    expect(config.get('SecurityProfile')).toBe('1');
    expect(config.change('SecurityProfile', '3')).toBe('Accepted');
    expect(config.change('SecurityProfile', '2')).toBe('Rejected');
    expect(config.change('SecurityProfile', '3')).toBe('Rejected');
    expect(config.get('SecurityProfile')).toBe('3');
  });
});

describe('the charger certificate flow', () => {
  it('makes a CSR for its own id and CpoName, and takes only a certificate for that key', async () => {
    const pending = await createCsr('SIM-CERT', 'Voltline Test');
    const csr = new x509.Pkcs10CertificateRequest(pending.csr);
    expect(await csr.verify()).toBe(true);
    expect(csr.subject).toBe('CN=SIM-CERT, O=Voltline Test');

    const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
    const ca = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as never;
    const sign = async (subject: string, publicKey: unknown) =>
      (
        await x509.X509CertificateGenerator.create({
          serialNumber: '0a',
          subject,
          issuer: 'CN=CA',
          notBefore: new Date(Date.now() - 60_000),
          notAfter: new Date(Date.now() + 86_400_000),
          publicKey: publicKey as never,
          signingKey: (ca as { privateKey: never }).privateKey,
          signingAlgorithm: alg,
        })
      ).toString('pem');
    const own = await sign('CN=SIM-CERT', await csr.publicKey.export());
    expect(acceptChain(own, 'SIM-CERT', pending)).toEqual({ cert: own, key: pending.keyPem });
    expect(acceptChain(own, 'OTHER', pending)).toBeNull();
    const other = await createCsr('SIM-CERT', undefined);
    expect(acceptChain(own, 'SIM-CERT', other)).toBeNull();
    expect(acceptChain(own, 'SIM-CERT', undefined)).toBeNull();
  });
});
