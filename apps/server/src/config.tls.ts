import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// TLS for the HTTPS and WSS server, and the certificate authority that signs chargers' certificates.

/** TLS's and the CA's environment; spread into config.ts's schema. */
export const tlsEnv = {
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  /** PEM file of CAs whose client certificates identify chargers (security profile 3), besides Voltline's own CA. */
  TLS_CA_FILE: z.string().optional(),
  /** The oldest TLS version accepted: the security edition requires 1.2 or newer. */
  TLS_MIN_VERSION: z.enum(['TLSv1.2', 'TLSv1.3']).default('TLSv1.2'),
  /** OpenSSL cipher list for TLS 1.2 and TLS 1.3 (default: the security edition's suites). */
  TLS_CIPHERS: z.string().min(1).optional(),
  /** An external CA that signs chargers' certificates instead of Voltline's built-in one (PEM files). */
  CA_CERT_FILE: z.string().optional(),
  CA_KEY_FILE: z.string().optional(),
  /** The secret the built-in CA's private key is encrypted with (default: derived from JWT_SECRET). */
  CA_KEY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The organisation (O) chargers put in their certificate requests: the CpoName configuration key. */
  CPO_NAME: z.string().min(1).max(64).optional(),
  /** Days a charger certificate Voltline signs stays valid. */
  CHARGER_CERT_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
};
type TlsEnv = z.infer<z.ZodObject<typeof tlsEnv>>;

/**
 * The HTTPS server's settings. Client certificates are requested, never required: browsers and
 * chargers of security profiles 1 and 2 connect without one; the OCPP handshake checks profile 3's.
 */
export interface TlsConfig {
  cert: Buffer;
  key: Buffer;
  /** Trusted client-certificate CAs from TLS_CA_FILE (Voltline's own CA is added at start). */
  ca: Buffer[];
  minVersion: 'TLSv1.2' | 'TLSv1.3';
  ciphers: string;
}

/** Where chargers' certificates are signed: Voltline's built-in CA under DATA_DIR, or an external one. */
export interface CaConfig {
  /** External CA files; null: the built-in CA. */
  external: { cert: Buffer; key: Buffer } | null;
  /** The built-in CA's folder. */
  dir: string;
  /** Encrypts the built-in CA's private key at rest. */
  keySecret: string;
  cpoName: string | null;
  certDays: number;
}

/**
 * The cipher suites the security edition allows (TLS 1.2, OpenSSL names:
 * TLS_ECDHE_ECDSA_WITH_AES_128/256_GCM_SHA256/384, TLS_RSA_WITH_AES_128/256_GCM_SHA256/384) and
 * TLS 1.3's AEAD suites.
 */
export const EDITION_CIPHERS = [
  'TLS_AES_128_GCM_SHA256',
  'TLS_AES_256_GCM_SHA384',
  'TLS_CHACHA20_POLY1305_SHA256',
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'AES128-GCM-SHA256',
  'AES256-GCM-SHA384',
].join(':');

export function loadTls(e: TlsEnv, fail: (message: string) => Error): TlsConfig | null {
  const pair = loadPair('TLS_CERT_FILE and TLS_KEY_FILE', e.TLS_CERT_FILE, e.TLS_KEY_FILE, fail);
  if (!pair) {
    if (e.TLS_CA_FILE) throw fail('Invalid configuration:\n  TLS_CA_FILE needs TLS_CERT_FILE');
    return null;
  }
  return {
    ...pair,
    ca: e.TLS_CA_FILE ? [readConfigFile(e.TLS_CA_FILE, fail)] : [],
    minVersion: e.TLS_MIN_VERSION,
    ciphers: e.TLS_CIPHERS ?? EDITION_CIPHERS,
  };
}

/** A certificate and its key, given together or not at all. */
function loadPair(
  names: string,
  certFile: string | undefined,
  keyFile: string | undefined,
  fail: (message: string) => Error,
) {
  if (!certFile && !keyFile) return null;
  if (!certFile || !keyFile) throw fail(`Invalid configuration:\n  ${names} go together`);
  return { cert: readConfigFile(certFile, fail), key: readConfigFile(keyFile, fail) };
}

function readConfigFile(file: string, fail: (message: string) => Error): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw fail(`Invalid configuration:\n  TLS files cannot be read: ${(err as Error).message}`);
  }
}

/** The CA's settings: external files, or the built-in CA under DATA_DIR with its key encrypted. */
export function loadCa(
  e: TlsEnv,
  dataDir: string,
  jwtSecret: string,
  fail: (message: string) => Error,
): CaConfig {
  return {
    external: loadPair('CA_CERT_FILE and CA_KEY_FILE', e.CA_CERT_FILE, e.CA_KEY_FILE, fail),
    dir: path.join(dataDir, 'ca'),
    keySecret: e.CA_KEY_SECRET ?? jwtSecret,
    cpoName: e.CPO_NAME ?? null,
    certDays: e.CHARGER_CERT_DAYS,
  };
}
