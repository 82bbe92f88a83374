import type { SecureContextOptions, TlsOptions } from 'node:tls';
import type { TlsConfig } from '../../config.js';
import type { CertificateAuthority } from './certificate-authority.js';

/**
 * The HTTPS server's TLS options. Client certificates are requested but not required, so browsers
 * and chargers on security profiles 1 and 2 connect as before; a profile-3 charger's certificate
 * is verified against Voltline's CA and TLS_CA_FILE, and the OCPP handshake reads the outcome.
 */
export async function httpsOptions(
  tls: TlsConfig,
  ca: CertificateAuthority,
): Promise<TlsOptions & SecureContextOptions> {
  return {
    cert: tls.cert,
    key: tls.key,
    ca: [...tls.ca, Buffer.from(await ca.certificatePem())],
    requestCert: true,
    rejectUnauthorized: false,
    minVersion: tls.minVersion,
    ciphers: tls.ciphers,
    honorCipherOrder: true,
  };
}
