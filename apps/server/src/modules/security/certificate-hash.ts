import { createHash, X509Certificate } from 'node:crypto';
import type { CertificateHashData, CertificateInfo } from '@voltline/contract';
import { AppError } from '../../lib/errors.js';

/** One DER element: where its content starts and ends, and where the whole element ends. */
interface Tlv {
  tag: number;
  start: number;
  headerEnd: number;
  end: number;
}

function readTlv(der: Buffer, at: number): Tlv {
  const tag = der[at]!;
  let length = der[at + 1]!;
  let headerEnd = at + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    if (bytes === 0 || bytes > 4) throw new Error('unsupported DER length');
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + der[headerEnd + i]!;
    headerEnd += bytes;
  }
  const end = headerEnd + length;
  if (end > der.length) throw new Error('truncated DER');
  return { tag, start: at, headerEnd, end };
}

/** The elements inside a constructed element. */
function children(der: Buffer, parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let at = parent.headerEnd; at < parent.end;) {
    const tlv = readTlv(der, at);
    out.push(tlv);
    at = tlv.end;
  }
  return out;
}

/** The issuer Name of a certificate, DER-encoded as it stands in the certificate. */
function issuerNameDer(der: Buffer): Buffer {
  const tbs = children(der, readTlv(der, 0))[0]!;
  const fields = children(der, tbs);
  // tbsCertificate: [0] version (optional), serialNumber, signature, issuer, ...
  const offset = fields[0]!.tag === 0xa0 ? 1 : 0;
  const issuer = fields[offset + 2]!;
  return der.subarray(issuer.start, issuer.end);
}

/** The public key bits of a SubjectPublicKeyInfo (the BIT STRING's value without its unused-bits octet). */
function publicKeyBits(spki: Buffer): Buffer {
  const key = children(spki, readTlv(spki, 0))[1]!;
  return spki.subarray(key.headerEnd + 1, key.end);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * A PEM certificate as the security edition's CertificateHashDataType names it: SHA-256 of the
 * issuer's DER-encoded name and of the issuer's public key, and the serial number in hexadecimal
 * without leading zeroes. A root certificate is its own issuer, so its own key is the issuer's.
 * Refuses (400, translated) what is not one readable, self-issued X.509 certificate.
 */
export function inspectRootCertificate(pem: string): CertificateInfo {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----/g) ?? [];
  if (blocks.length > 1) throw certificateError('certificate.one');
  let cert: X509Certificate;
  let hashData: CertificateHashData;
  try {
    cert = new X509Certificate(pem);
    const spki = cert.publicKey.export({ type: 'spki', format: 'der' });
    hashData = {
      hashAlgorithm: 'SHA256',
      issuerNameHash: sha256(issuerNameDer(cert.raw)),
      issuerKeyHash: sha256(publicKeyBits(spki)),
      serialNumber: cert.serialNumber.replace(/^0+(?=.)/, '').toLowerCase(),
    };
  } catch {
    throw certificateError('certificate.invalid');
  }
  if (!cert.checkIssued(cert) || !cert.verify(cert.publicKey)) throw certificateError('certificate.notRoot');
  return {
    hashData,
    subject: cert.subject.replace(/\n/g, ', '),
    issuer: cert.issuer.replace(/\n/g, ', '),
    validFrom: new Date(cert.validFrom).toISOString(),
    validTo: new Date(cert.validTo).toISOString(),
  };
}

function certificateError(key: 'certificate.invalid' | 'certificate.notRoot' | 'certificate.one') {
  return new AppError(400, key, {}, [{ field: 'body.certificate', key }]);
}

/** Hash data as Voltline keeps it: lower-case hexadecimal, the serial without leading zeroes. */
export function normalHashData(h: CertificateHashData): CertificateHashData {
  return {
    hashAlgorithm: h.hashAlgorithm,
    issuerNameHash: h.issuerNameHash.toLowerCase(),
    issuerKeyHash: h.issuerKeyHash.toLowerCase(),
    serialNumber: h.serialNumber.replace(/^0+(?=.)/, '').toLowerCase(),
  };
}
