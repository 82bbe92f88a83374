// @peculiar/x509 resolves its ASN.1 parsers through tsyringe, which needs the Reflect metadata
// polyfill loaded first.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

// Node's WebCrypto is the DOM `Crypto` the library types against (absent from Node's type library).
x509.cryptoProvider.set(webcrypto as never);

/** The library, set up: import it from here, never directly (its polyfill must load first). */
export { x509 };

const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };

/** A certificate signing request and the private key it was made for (which never leaves the charger). */
export interface PendingKey {
  csr: string;
  keyPem: string;
  publicKeyDer: Buffer;
}

/**
 * The charger's key pair and CSR (security whitepaper A02/A03): a fresh P-256 key, the charger id
 * as common name and its CpoName configuration key as organisation.
 */
export async function createCsr(chargerId: string, cpoName: string | undefined): Promise<PendingKey> {
  const keys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const name = [`CN=${escape(chargerId)}`, ...(cpoName ? [`O=${escape(cpoName)}`] : [])].join(', ');
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name,
    keys: keys,
    signingAlgorithm: EC,
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const spki = Buffer.from(await webcrypto.subtle.exportKey('spki', keys.publicKey));
  return { csr: csr.toString('pem'), keyPem: pem('PRIVATE KEY', pkcs8), publicKeyDer: spki };
}

/**
 * CertificateSigned: the chain is taken when its leaf is for this charger's pending key, carries
 * the charger id as common name and is valid now. Null: Rejected.
 */
export function acceptChain(chain: string, chargerId: string, pending: PendingKey | undefined) {
  if (!pending) return null;
  let certs: x509.X509Certificate[];
  try {
    certs = x509.PemConverter.decode(chain).map((der) => new x509.X509Certificate(der));
  } catch {
    return null;
  }
  const leaf = certs[0];
  if (!leaf) return null;
  const now = Date.now();
  const sameKey = Buffer.from(leaf.publicKey.rawData).equals(pending.publicKeyDer);
  const cn = leaf.subjectName.getField('CN');
  if (!sameKey || cn[0] !== chargerId || leaf.notBefore.getTime() > now || leaf.notAfter.getTime() < now) {
    return null;
  }
  return { cert: chain, key: pending.keyPem };
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

function escape(value: string): string {
  return value.replace(/([,+"\\<>;=])/g, '\\$1');
}
