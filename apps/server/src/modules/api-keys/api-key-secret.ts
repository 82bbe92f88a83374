import { createHash, randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { API_KEY_PREFIX } from '@voltline/contract';

/** Characters of a secret shown in lists after `vl_live_`: enough to tell keys apart, useless to guess. */
const VISIBLE = 6;

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A new secret: 32 random bytes behind the prefix, with its hash and visible start. */
export function newSecret() {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashSecret(secret), prefix: secret.slice(0, API_KEY_PREFIX.length + VISIBLE) };
}

export const looksLikeApiKey = (token: string | null) => token?.startsWith(API_KEY_PREFIX) === true;

/** `::ffff:10.0.0.1` (IPv4 through an IPv6 socket) is 10.0.0.1. */
function plainAddress(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/** Whether a request from `ip` may use a key limited to `allowed` (addresses or CIDR blocks; empty: any). */
export function addressAllowed(ip: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const address = plainAddress(ip);
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const [base = '', bits] = entry.split('/');
    const plain = plainAddress(base);
    const type = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(plain, type);
    else list.addSubnet(plain, Number(bits), type);
  }
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
