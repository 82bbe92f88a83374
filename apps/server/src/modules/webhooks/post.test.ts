import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from './post.js';

// The connection a webhook makes: the address it connects to is the one checked (a name that
// resolves to the server's own network reaches nothing), and a receiver's answer is read only up
// to a bound, however much it sends.

let server: Server;
let port = 0;
const big = 'x'.repeat(5_000_000);

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end(req.url === '/big' ? big : 'thanks'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const send = (url: string, allowPrivate: boolean) =>
  post(url, { headers: {}, body: '{}', timeoutMs: 5_000, allowPrivate, maxBytes: 2_000 });

describe('a webhook’s connection', () => {
  it('refuses a name that resolves to a private address at the moment it connects', async () => {
    await expect(send(`http://localhost:${port}/hook`, false)).rejects.toMatchObject({
      code: 'EPRIVATEADDRESS',
    });
  });

  it('reaches it where private addresses are allowed, and reads at most the bound of the answer', async () => {
    expect(await send(`http://localhost:${port}/hook`, true)).toMatchObject({
      status: 200,
      answer: 'thanks',
    });
    const long = await send(`http://localhost:${port}/big`, true);
    expect(long.status).toBe(200);
    expect(long.answer.length).toBeLessThanOrEqual(2_000);
    expect(long.answer.length).toBeGreaterThan(0);
  });
});
