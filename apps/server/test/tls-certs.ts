import { webcrypto } from 'node:crypto';
import { signingAlgorithm, x509 } from '../src/modules/security/x509.js';

const EC = { name: 'ECDSA', namedCurve: 'P-256' };

export interface TestCa {
  cert: string;
  key: webcrypto.CryptoKey;
  subject: string;
}

export interface Issued {
  cert: string;
  key: string;
}

/** A self-signed CA for tests. */
export async function makeCa(name: string): Promise<TestCa> {
  const keys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=${name}`,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 86_400_000),
    keys,
    signingAlgorithm: signingAlgorithm(keys.privateKey),
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true),
    ],
  });
  return { cert: cert.toString('pem'), key: keys.privateKey, subject: cert.subject };
}

/** A certificate from `ca`: a client one by default, a server one for 127.0.0.1 with `server`. */
export async function issue(ca: TestCa, cn: string, server = false): Promise<Issued> {
  const keys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: Math.floor(Math.random() * 1e9).toString(16),
    subject: `CN=${cn}`,
    issuer: ca.subject,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 86_400_000),
    publicKey: keys.publicKey,
    signingKey: ca.key,
    signingAlgorithm: signingAlgorithm(ca.key),
    extensions: [
      new x509.ExtendedKeyUsageExtension([
        server ? x509.ExtendedKeyUsage.serverAuth : x509.ExtendedKeyUsage.clientAuth,
      ]),
      ...(server
        ? [
            new x509.SubjectAlternativeNameExtension([
              { type: 'ip', value: '127.0.0.1' },
              { type: 'dns', value: 'localhost' },
            ]),
          ]
        : []),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  return { cert: cert.toString('pem'), key: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY') };
}

/** A PEM certificate signing request, as a charger makes one. */
export async function makeCsr(subject: string): Promise<string> {
  const keys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: subject,
    keys,
    signingAlgorithm: signingAlgorithm(keys.privateKey),
  });
  return csr.toString('pem');
}
