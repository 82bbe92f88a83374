import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Charger passwords are long random secrets that Voltline generates, so a salted SHA-256 is
 * enough and keeps a reconnect storm of thousands of chargers cheap (argon2 is for people's
 * passwords, which can be guessed).
 */
export function hashChargerPassword(password: string | Buffer): string {
  const salt = randomBytes(16).toString('hex');
  return `sha256:${salt}:${digest(salt, password)}`;
}

export function verifyChargerPassword(stored: string, password: string | Buffer): boolean {
  const [scheme, salt, hex] = stored.split(':');
  if (scheme !== 'sha256' || !salt || !hex) return false;
  const expected = Buffer.from(hex, 'hex');
  const actual = Buffer.from(digest(salt, password), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** 20 random characters: the longest password OCPP 1.6's security edition allows (16 to 20 bytes). */
export function generateChargerPassword(): string {
  return randomBytes(15).toString('base64url');
}

/**
 * The key in a ChangeConfiguration of AuthorizationKey. The security edition (A00.FR.205) advises
 * a random binary key, 16 to 20 bytes, "hexadecimal represented (20 bytes maximum, represented as
 * a string of up to 40 hexadecimal digits)": 32 to 40 hex digits are the key's bytes, whatever
 * they are. A plain 16–20 character printable password is still taken as is (its ASCII bytes).
 * Null when it is neither.
 */
export function authorizationKeyBytes(value: string): Buffer | null {
  if (/^(?:[0-9a-fA-F]{2}){16,20}$/.test(value)) return Buffer.from(value, 'hex');
  return /^[\x21-\x7e]{16,20}$/.test(value) ? Buffer.from(value, 'latin1') : null;
}

/** The 40-hex-digit (at most) form of a key, as ChangeConfiguration sends it. */
export const hexOfPassword = (password: string | Buffer) =>
  (typeof password === 'string' ? Buffer.from(password, 'latin1') : password).toString('hex').toUpperCase();

/**
 * What a charger's Basic-auth password may stand for: chargers send the AuthorizationKey either
 * as its bytes (as the security edition means) or as its hexadecimal string, so a password of 32
 * to 40 hex digits is tried both as it is and as the bytes it spells.
 */
export function passwordCandidates(password: Buffer | undefined): Buffer[] {
  if (!password?.length) return [];
  const text = password.toString('latin1');
  return /^(?:[0-9a-fA-F]{2}){16,20}$/.test(text) ? [password, Buffer.from(text, 'hex')] : [password];
}

function digest(salt: string, password: string | Buffer): string {
  return createHash('sha256').update(salt).update(password).digest('hex');
}

/**
 * The password of an HTTP Basic header, as bytes: an AuthorizationKey may be binary, which no
 * text decoding keeps. Some chargers send a user name other than their id, so the password is what
 * follows the id when the user name is the id (ids may contain colons in the wild), else what
 * follows the first colon.
 */
export function basicAuthPassword(header: string | undefined, identity: string): Buffer | undefined {
  if (!header?.toLowerCase().startsWith('basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64');
  const user = Buffer.from(`${identity}:`, 'utf8');
  if (decoded.subarray(0, user.length).equals(user)) return decoded.subarray(user.length);
  const colon = decoded.indexOf(0x3a);
  return colon === -1 ? undefined : decoded.subarray(colon + 1);
}
