import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Charger passwords are long random secrets that Voltline generates, so a salted SHA-256 is
 * enough and keeps a reconnect storm of thousands of chargers cheap (argon2 is for people's
 * passwords, which can be guessed).
 */
export function hashChargerPassword(password: string): string {
  const salt = randomBytes(16).toString('hex');
  return `sha256:${salt}:${digest(salt, password)}`;
}

export function verifyChargerPassword(stored: string, password: string): boolean {
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
 * The password in a ChangeConfiguration of AuthorizationKey: the security edition sends its
 * hexadecimal form (32 to 40 hex digits); a plain 16–20 character password is taken as is. Null
 * when it is neither, or when it decodes to something a Basic-auth header cannot carry.
 */
export function passwordOfAuthorizationKey(value: string): string | null {
  const plain =
    /^[0-9a-fA-F]{32,40}$/.test(value) && value.length % 2 === 0
      ? Buffer.from(value, 'hex').toString('latin1')
      : value;
  return /^[\x21-\x7e]{16,20}$/.test(plain) ? plain : null;
}

export const hexOfPassword = (password: string) =>
  Buffer.from(password, 'latin1').toString('hex').toUpperCase();

function digest(salt: string, password: string): string {
  return createHash('sha256').update(salt).update(password).digest('hex');
}

/**
 * The password of an HTTP Basic header. Some chargers send a user name other than their id, so
 * the password is what follows the id when the user name is the id (ids may contain colons in
 * the wild), else what follows the first colon.
 */
export function basicAuthPassword(header: string | undefined, identity: string): string | undefined {
  if (!header?.toLowerCase().startsWith('basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  if (decoded.startsWith(`${identity}:`)) return decoded.slice(identity.length + 1);
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : decoded.slice(colon + 1);
}
