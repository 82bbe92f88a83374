import {
  createPrivateKey,
  hkdfSync,
  randomBytes,
  webcrypto,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CaConfig } from '../../config.js';
import { signingAlgorithm, x509, type CryptoKey } from './x509.js';

const { subtle } = webcrypto;

export interface IssuedPem {
  /** The leaf certificate followed by the CA chain, PEM: what CertificateSigned carries. */
  chain: string;
  certificate: string;
  serialNumber: string;
  subject: string;
  notBefore: Date;
  notAfter: Date;
  fingerprint: string;
}

interface Loaded {
  cert: x509.X509Certificate;
  key: CryptoKey;
  /** The CA's own certificates as PEM (an external CA's file may hold its chain). */
  chainPem: string;
}

const CA_YEARS = 10;

/**
 * Voltline's certificate authority for chargers' client certificates (security profile 3): the
 * built-in one, created on first use under DATA_DIR/ca with its private key encrypted by a key
 * derived from CA_KEY_SECRET (or JWT_SECRET), or an external CA's certificate and key files.
 */
export class CertificateAuthority {
  private loaded: Promise<Loaded> | undefined;

  constructor(private readonly config: CaConfig) {}

  /** The CA's certificate(s), PEM, for the TLS server's trusted client CAs. Creates the CA if needed. */
  async certificatePem(): Promise<string> {
    return (await this.load()).chainPem;
  }

  /** Signs a checked certificate request for `days` days. */
  async sign(csr: x509.Pkcs10CertificateRequest, days = this.config.certDays): Promise<IssuedPem> {
    const ca = await this.load();
    const serial = randomBytes(16);
    serial[0] = (serial[0] ?? 0) & 0x7f; // a positive INTEGER
    const now = Date.now();
    const publicKey = (await csr.publicKey.export()) as unknown as CryptoKey;
    const leaf = await x509.X509CertificateGenerator.create({
      serialNumber: serial.toString('hex'),
      subject: csr.subject,
      issuer: ca.cert.subject,
      // A minute back: a charger whose clock is slightly behind still accepts it at once.
      notBefore: new Date(now - 60_000),
      notAfter: new Date(now + days * 86_400_000),
      publicKey,
      signingKey: ca.key,
      signingAlgorithm: signingAlgorithm(ca.key),
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.digitalSignature |
            x509.KeyUsageFlags.keyEncipherment |
            x509.KeyUsageFlags.keyAgreement,
          true,
        ),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
        await x509.SubjectKeyIdentifierExtension.create(publicKey),
        await x509.AuthorityKeyIdentifierExtension.create(ca.cert),
      ],
    });
    const certificate = leaf.toString('pem');
    const parsed = new X509Certificate(certificate);
    return {
      certificate,
      chain: `${certificate}\n${ca.chainPem}`,
      serialNumber: parsed.serialNumber,
      subject: leaf.subject,
      notBefore: new Date(parsed.validFrom),
      notAfter: new Date(parsed.validTo),
      fingerprint: parsed.fingerprint256,
    };
  }

  private load(): Promise<Loaded> {
    this.loaded ??= this.open().catch((err: unknown) => {
      this.loaded = undefined;
      throw err;
    });
    return this.loaded;
  }

  private async open(): Promise<Loaded> {
    if (this.config.external) {
      const { cert, key } = this.config.external;
      return this.fromPem(cert.toString('utf8'), createPrivateKey(key));
    }
    const certFile = path.join(this.config.dir, 'ca.crt');
    const keyFile = path.join(this.config.dir, 'ca.key');
    if (existsSync(certFile) && existsSync(keyFile)) {
      const key = createPrivateKey({ key: readFileSync(keyFile), passphrase: this.passphrase() });
      return this.fromPem(readFileSync(certFile, 'utf8'), key);
    }
    return this.create(certFile, keyFile);
  }

  private async create(certFile: string, keyFile: string): Promise<Loaded> {
    const alg = { name: 'ECDSA', namedCurve: 'P-384' };
    const keys = await subtle.generateKey(alg, true, ['sign', 'verify']);
    const now = Date.now();
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: randomBytes(8)
        .toString('hex')
        .replace(/^[89a-f]/, '1'),
      name: `CN=Voltline Charger CA, O=${escapeRdn(this.config.cpoName ?? 'Voltline')}`,
      notBefore: new Date(now - 60_000),
      notAfter: new Date(now + CA_YEARS * 365 * 86_400_000),
      keys,
      signingAlgorithm: signingAlgorithm(keys.privateKey),
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    });
    const pkcs8 = Buffer.from(await subtle.exportKey('pkcs8', keys.privateKey));
    const encrypted = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }).export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: this.passphrase(),
    });
    mkdirSync(this.config.dir, { recursive: true, mode: 0o700 });
    // `wx`: a second process creating the CA at the same moment fails here rather than replace it.
    writeFileSync(keyFile, encrypted, { mode: 0o600, flag: 'wx' });
    writeFileSync(certFile, cert.toString('pem'), { flag: 'wx' });
    return { cert, key: keys.privateKey, chainPem: cert.toString('pem') };
  }

  private async fromPem(pem: string, keyObject: KeyObject): Promise<Loaded> {
    const chain = x509.PemConverter.decode(pem).map((der) => new x509.X509Certificate(der));
    const cert = chain[0];
    if (!cert) throw new Error('The CA certificate file holds no certificate');
    const der = keyObject.export({ type: 'pkcs8', format: 'der' });
    const kind = keyObject.asymmetricKeyType;
    const importAlg =
      kind === 'ec'
        ? { name: 'ECDSA', namedCurve: curveName(keyObject.asymmetricKeyDetails?.namedCurve) }
        : { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
    if (kind !== 'ec' && kind !== 'rsa') throw new Error(`The CA key is of an unsupported kind: ${kind}`);
    const key = await subtle.importKey('pkcs8', der, importAlg, false, ['sign']);
    return { cert, key, chainPem: chain.map((c) => c.toString('pem')).join('\n') };
  }

  /** The built-in CA key's passphrase: derived, so the configured secret is never written anywhere. */
  private passphrase(): string {
    const key = hkdfSync('sha256', this.config.keySecret, 'voltline', 'charger-ca-private-key', 32);
    return Buffer.from(key).toString('base64url');
  }
}

function curveName(openssl: string | undefined): string {
  if (openssl === 'secp384r1') return 'P-384';
  if (openssl === 'secp521r1') return 'P-521';
  return 'P-256';
}

function escapeRdn(value: string): string {
  return value.replace(/([,+"\\<>;=])/g, '\\$1');
}
