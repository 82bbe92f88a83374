import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A firmware signer for tests: a P-256 key and its self-signed certificate (made with the openssl CLI). */
export interface Signer {
  certificate: string;
  /** The base64 SHA256withECDSA signature of `data`, as a vendor's signing tool gives it. */
  sign(data: Buffer): string;
}

export function makeSigner(commonName = 'Voltline Test Firmware Signing'): Signer {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const dir = mkdtempSync(path.join(tmpdir(), 'vl-signer-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const certificate = execFileSync(
      'openssl',
      [
        'req',
        '-new',
        '-x509',
        '-key',
        keyFile,
        '-subj',
        `/CN=${commonName}/O=Voltline`,
        '-days',
        '2',
        '-sha256',
      ],
      { encoding: 'utf8' },
    );
    return { certificate, sign: (data) => signWith(privateKey, data) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function signWith(key: KeyObject, data: Buffer): string {
  return sign('sha256', data, key).toString('base64');
}
