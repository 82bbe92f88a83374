// @peculiar/x509 resolves its ASN.1 parsers through tsyringe, which needs the Reflect metadata
// polyfill loaded first. Every use of the library goes through this file.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

// Node's WebCrypto is the DOM `Crypto` the library types against (absent from Node's type library).
x509.cryptoProvider.set(webcrypto as never);

export type CryptoKey = webcrypto.CryptoKey;
type EcKeyAlgorithm = webcrypto.EcKeyAlgorithm;
type RsaHashedKeyAlgorithm = webcrypto.RsaHashedKeyAlgorithm;

export { x509 };

/** The signature algorithm a key of this kind signs with (SHA-256 family, as the edition asks). */
export function signingAlgorithm(key: CryptoKey): webcrypto.EcdsaParams | webcrypto.RsaHashedImportParams {
  const alg = key.algorithm as EcKeyAlgorithm | RsaHashedKeyAlgorithm;
  if (alg.name === 'ECDSA') {
    const curve = (alg as EcKeyAlgorithm).namedCurve;
    return { name: 'ECDSA', hash: curve === 'P-384' ? 'SHA-384' : curve === 'P-521' ? 'SHA-512' : 'SHA-256' };
  }
  return { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
}
