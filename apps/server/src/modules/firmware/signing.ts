/**
 * Signed firmware (OCPP 1.6 security edition): the image's signing certificate and the signature
 * of its bytes, checked when staff upload them so that no campaign sends a pair a charger must refuse.
 */
import { createVerify, X509Certificate } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/errors.js';
import type { MessageKey } from '../../lib/messages.js';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function refuse(field: 'signingCertificate' | 'signature', key: MessageKey): AppError {
  return new AppError(400, key, {}, [{ field: `body.${field}`, key }]);
}

/** A certificate's subject as one line (`CN=…, O=…`), or null when it does not parse. */
export function subjectOf(pem: string): string | null {
  try {
    return new X509Certificate(pem).subject.split('\n').join(', ');
  } catch {
    return null;
  }
}

/** Both or neither; the certificate parses as X.509 PEM; the signature is base64. */
export function checkSigningFields(
  certificate: string | undefined,
  signature: string | undefined,
): { certificate: X509Certificate; pem: string; signature: string } | null {
  if (!certificate && !signature) return null;
  if (!certificate) throw refuse('signingCertificate', 'firmware.certificateMissing');
  if (!signature) throw refuse('signature', 'firmware.signatureMissing');
  let parsed: X509Certificate;
  try {
    if (!certificate.includes('-----BEGIN CERTIFICATE-----')) throw new Error('not PEM');
    parsed = new X509Certificate(certificate);
  } catch {
    throw refuse('signingCertificate', 'firmware.badCertificate');
  }
  const compact = signature.replace(/\s+/g, '');
  if (compact.length === 0 || !BASE64.test(compact)) throw refuse('signature', 'firmware.badSignature');
  return { certificate: parsed, pem: certificate, signature: compact };
}

/**
 * Whether the signature is the certificate key's SHA-256 signature of the file (SHA256withRSA, or
 * SHA256withECDSA in DER as chargers and openssl produce it).
 */
export async function signatureVerifies(
  file: Readable,
  certificate: X509Certificate,
  signature: string,
): Promise<boolean> {
  const verifier = createVerify('sha256');
  for await (const chunk of file) verifier.update(chunk as Buffer);
  try {
    return verifier.verify(certificate.publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
