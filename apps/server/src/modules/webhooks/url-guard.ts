import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless WEBHOOK_ALLOW_PRIVATE is set: the server's own machine
 * and networks (SSRF), link-local (cloud metadata at 169.254.169.254) and the unspecified address.
 */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  // NAT64 and 6to4 carry an IPv4 address inside, which may be a private one.
  ['64:ff9b::', 96],
  ['2002::', 16],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why a URL may not receive webhooks: `scheme` (plain http to a public host) or `private`. */
export type UrlRefusal = 'scheme' | 'private' | 'unresolved';

/**
 * Checks a webhook URL where it points now: https to a public address, or, with allowPrivate, also
 * http and private addresses. Checked on save and again before each send (DNS may change).
 */
export async function refusalOf(url: string, allowPrivate: boolean): Promise<UrlRefusal | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'scheme';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'scheme';
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      return 'unresolved';
    }
  }
  const anyPrivate = addresses.some(isPrivateAddress) || host.toLowerCase() === 'localhost';
  if (anyPrivate && !allowPrivate) return 'private';
  // Plain http only to the private addresses the configuration allows (a receiver beside the server).
  if (parsed.protocol === 'http:' && !(allowPrivate && anyPrivate)) return 'scheme';
  return null;
}
