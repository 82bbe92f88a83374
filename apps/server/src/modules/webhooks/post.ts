import { lookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isPrivateAddress } from './url-guard.js';

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A DNS lookup for a webhook's connection that drops private addresses (unless allowed): the
 * address checked is the one connected to, so a name that answers a public address to the check
 * and a private one to the connection (DNS rebinding) reaches nothing.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => {
    lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const usable = allowPrivate ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
      const first = usable[0];
      if (!first) {
        const refused: NodeJS.ErrnoException = new Error(`${hostname} points at a private address`);
        refused.code = 'EPRIVATEADDRESS';
        return callback(refused, '');
      }
      if (options.all) callback(null, usable);
      else callback(null, first.address, first.family);
    });
  };
}

export interface Posted {
  status: number;
  /** The start of the receiver's answer: at most `maxBytes` are read, the rest is not waited for. */
  answer: string;
  headers: IncomingMessage['headers'];
}

/**
 * One HTTP request to another system (a webhook receiver, a roaming partner) through the guarded
 * lookup, with a time limit and a bounded read.
 */
export function request(
  url: string,
  opts: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    timeoutMs: number;
    allowPrivate: boolean;
    maxBytes: number;
  },
): Promise<Posted> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const length = opts.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(opts.body)) };
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: opts.method,
        headers: { ...opts.headers, ...length },
        lookup: guardedLookup(opts.allowPrivate),
        signal: AbortSignal.timeout(opts.timeoutMs),
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            answer: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
          });
        res.on('data', (chunk: Buffer) => {
          if (size < opts.maxBytes) {
            chunks.push(chunk.subarray(0, opts.maxBytes - size));
            size += chunk.length;
          }
          if (size >= opts.maxBytes) res.destroy();
        });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** One POST to a webhook receiver (see `request`). */
export function post(
  url: string,
  opts: {
    headers: Record<string, string>;
    body: string;
    timeoutMs: number;
    allowPrivate: boolean;
    maxBytes: number;
  },
): Promise<Posted> {
  return request(url, { ...opts, method: 'POST' });
}
