import type { MessageKey } from '../../lib/messages.js';
import type { webcrypto } from 'node:crypto';
import { x509, type CryptoKey } from './x509.js';

type EcKeyAlgorithm = webcrypto.EcKeyAlgorithm;
type RsaHashedKeyAlgorithm = webcrypto.RsaHashedKeyAlgorithm;

const STRONG_CURVES = new Set(['P-256', 'P-384', 'P-521']);
const MIN_RSA_BITS = 2048;

/** A request that could be read and whose signature holds (the charger owns the key). */
export type ParsedCsr = { ok: true; csr: x509.Pkcs10CertificateRequest } | { ok: false; reason: string };

/** Reads a PEM certificate signing request (RFC 2986) and checks it is signed by its own key. */
export async function parseCsr(pem: string): Promise<ParsedCsr> {
  let csr: x509.Pkcs10CertificateRequest;
  try {
    csr = new x509.Pkcs10CertificateRequest(pem.trim());
  } catch {
    return { ok: false, reason: 'not a PEM certificate signing request' };
  }
  try {
    if (!(await csr.verify())) return { ok: false, reason: 'the signature does not match the key' };
  } catch {
    return { ok: false, reason: 'unsupported key or signature algorithm' };
  }
  return { ok: true, csr };
}

/**
 * What Voltline's CA signs for a charger: its own id as the common name (the handshake matches
 * it), a key strong enough for the edition's cipher suites, and, when CPO_NAME is set, that name
 * as the organisation (the charger puts its CpoName configuration key there). Null: it may be signed.
 */
export async function policyRefusal(
  csr: x509.Pkcs10CertificateRequest,
  chargePointId: string,
  cpoName: string | null,
): Promise<MessageKey | null> {
  const cn = csr.subjectName.getField('CN');
  if (cn.length !== 1 || cn[0]?.toLowerCase() !== chargePointId.toLowerCase()) return 'csr.commonName';
  let key: CryptoKey;
  try {
    const exported: unknown = await csr.publicKey.export();
    key = exported as CryptoKey;
  } catch {
    return 'csr.weakKey'; // a curve or key kind WebCrypto does not know
  }
  const alg = key.algorithm as EcKeyAlgorithm | RsaHashedKeyAlgorithm;
  if (alg.name === 'ECDSA' || alg.name === 'ECDH') {
    if (!STRONG_CURVES.has((alg as EcKeyAlgorithm).namedCurve)) return 'csr.weakKey';
  } else if ((alg as RsaHashedKeyAlgorithm).modulusLength < MIN_RSA_BITS) {
    return 'csr.weakKey';
  }
  if (cpoName !== null) {
    const o = csr.subjectName.getField('O');
    if (o.length !== 1 || o[0] !== cpoName) return 'csr.organization';
  }
  return null;
}
