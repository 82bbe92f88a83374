import { createHash, X509Certificate } from 'node:crypto';
import type { Ocpp } from '@voltline/contract';

export type RootCertificateType = 'CentralSystemRootCertificate' | 'ManufacturerRootCertificate';
export type HashAlgorithm = 'SHA256' | 'SHA384' | 'SHA512';
export interface HashData {
  hashAlgorithm: HashAlgorithm;
  issuerNameHash: string;
  issuerKeyHash: string;
  serialNumber: string;
}
interface Stored {
  type: RootCertificateType;
  pem: string;
  hash: HashData;
}

/** Reads a DER length at `at` (the byte after the tag); returns the content's start and end. */
function span(der: Buffer, at: number): { start: number; end: number } {
  const first = der[at + 1]!;
  if (!(first & 0x80)) return { start: at + 2, end: at + 2 + first };
  const n = first & 0x7f;
  const length = der.subarray(at + 2, at + 2 + n).reduce((acc, b) => acc * 256 + b, 0);
  return { start: at + 2 + n, end: at + 2 + n + length };
}

/** The elements directly inside the constructed element at `at`, as [start, end) of each whole element. */
function elements(der: Buffer, at: number): Array<[number, number]> {
  const { start, end } = span(der, at);
  const out: Array<[number, number]> = [];
  for (let p = start; p < end; p = span(der, p).end) out.push([p, span(der, p).end]);
  return out;
}

const digest = (algorithm: HashAlgorithm, b: Buffer) =>
  createHash(algorithm.toLowerCase()).update(b).digest('hex');

/**
 * CertificateHashDataType of a root certificate (its own issuer): the hash (SHA-256 unless asked
 * otherwise) over the DER issuer name and over the issuer's public key bits, and the serial in hex
 * without leading zeroes.
 */
export function hashDataOf(pem: string, hashAlgorithm: HashAlgorithm = 'SHA256'): HashData {
  const cert = new X509Certificate(pem);
  const der = cert.raw;
  const tbs = elements(der, 0)[0]!;
  const fields = elements(der, tbs[0]);
  const issuer = fields[der[fields[0]![0]] === 0xa0 ? 3 : 2]!;
  const spki = cert.publicKey.export({ type: 'spki', format: 'der' });
  const bits = elements(spki, 0)[1]!;
  const bitsContent = span(spki, bits[0]);
  return {
    hashAlgorithm,
    issuerNameHash: digest(hashAlgorithm, der.subarray(issuer[0], issuer[1])),
    issuerKeyHash: digest(hashAlgorithm, spki.subarray(bitsContent.start + 1, bitsContent.end)),
    serialNumber: cert.serialNumber.replace(/^0+(?=.)/, '').toLowerCase(),
  };
}

export const same = (a: Ocpp.DeleteCertificateRequest['certificateHashData'], b: HashData) => {
  const h = a as Partial<HashData>;
  return (
    h.hashAlgorithm === b.hashAlgorithm &&
    h.issuerNameHash?.toLowerCase() === b.issuerNameHash &&
    h.issuerKeyHash?.toLowerCase() === b.issuerKeyHash &&
    h.serialNumber?.replace(/^0+(?=.)/, '').toLowerCase() === b.serialNumber
  );
};

/** The charger's root certificates, in memory (lost when the simulator stops). */
export class CertificateStore {
  private readonly stored: Stored[] = [];

  /** Accepted, or Rejected for a text that is not one readable X.509 certificate. */
  install(type: RootCertificateType, pem: string): 'Accepted' | 'Rejected' {
    let hash: HashData;
    try {
      hash = hashDataOf(pem);
    } catch {
      return 'Rejected';
    }
    if (!this.stored.some((s) => s.type === type && same(s.hash, hash)))
      this.stored.push({ type, pem, hash });
    return 'Accepted';
  }

  list(type: RootCertificateType): HashData[] {
    return this.stored.filter((s) => s.type === type).map((s) => s.hash);
  }

  find(hash: Ocpp.DeleteCertificateRequest['certificateHashData']): Stored | undefined {
    return this.stored.find((s) => same(hash, s.hash));
  }

  remove(hash: Ocpp.DeleteCertificateRequest['certificateHashData']): boolean {
    const i = this.stored.findIndex((s) => same(hash, s.hash));
    if (i < 0) return false;
    this.stored.splice(i, 1);
    return true;
  }
}
