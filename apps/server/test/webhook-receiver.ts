import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; data: Record<string, unknown>; operatorId: number };
  /** Whether the signature matched the secret the test gave, within five minutes. */
  verified: boolean;
}

/**
 * A webhook receiver as an integrator writes one (docs/webhooks.md): it checks each request's
 * signature itself, with Node's crypto, independently of the server's signing code.
 */
export function verify(
  secret: string,
  header: string | undefined,
  body: string,
  nowMs = Date.now(),
): boolean {
  const parts = new Map((header ?? '').split(',').map((kv) => kv.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A local receiver: answers `status` (changeable), records every request, can go down and come back. */
export class Receiver {
  received: Received[] = [];
  status = 200;
  answer = 'ok';
  secret = '';
  /** The receiver's time (a test's clock when the server runs on one). */
  now: () => number = () => Date.now();
  private server: Server | null = null;
  port = 0;

  get url() {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  async up(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const header = req.headers['voltline-signature'];
        this.received.push({
          headers: req.headers,
          body,
          event: JSON.parse(body) as Received['event'],
          verified: verify(this.secret, typeof header === 'string' ? header : undefined, body, this.now()),
        });
        res.writeHead(this.status, { 'content-type': 'text/plain' }).end(this.answer);
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async down() {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Types of the events received, in order. */
  types() {
    return this.received.map((r) => r.event.type);
  }
}
