/**
 * CALL flood benchmark (issue #27): one charger sends `--calls` Heartbeats at once while another
 * charger sends a Heartbeat every `--every-ms` milliseconds; prints the calm charger's round trips
 * during the flood, what the flooding charger got back and the server's memory.
 *
 *   npm run bench:flood -- --calls 30000
 *   npm run bench:flood -- --calls 30000 --max-pending 1000 --flood-close 1000000   # nearly without the limits
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { openBenchDatabase, registerChargers } from './lib/database.js';
import { freePort, rssBytes, ServerProcess } from './lib/server.js';
import { intArg, mib } from './lib/stats.js';

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '30000' },
    'every-ms': { type: 'string', default: '20' },
    'max-pending': { type: 'string' },
    'flood-close': { type: 'string' },
    seconds: { type: 'string', default: '20' },
  },
});
const CALLS = intArg('calls', args.calls, 1, 1_000_000);
const EVERY_MS = intArg('every-ms', args['every-ms'], 1, 10_000);
const SECONDS = intArg('seconds', args.seconds, 2, 600);
const ids = ['FLOOD-1', 'CALM-1'];

function open(url: string, id: string, password: string): Promise<WebSocket> {
  const auth = `Basic ${Buffer.from(`${id}:${password}`).toString('base64')}`;
  const ws = new WebSocket(`${url}/${id}`, ['ocpp1.6'], { headers: { authorization: auth } });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voltline-bench-flood-'));
const env: Record<string, string> = {};
if (args['max-pending']) env.OCPP_MAX_PENDING_CALLS = args['max-pending'];
if (args['flood-close']) env.OCPP_FLOOD_CLOSE_AFTER = args['flood-close'];
const server = new ServerProcess({ dataDir, port: await freePort(), env });
process.once('exit', () => server.kill());
try {
  await server.start();
  await server.stop();
  const password = randomBytes(18).toString('base64url');
  const setup = await openBenchDatabase(dataDir, undefined);
  await registerChargers(setup, ids.length, password, (n) => ids[n - 1]!);
  await setup.close();
  await server.start();
  const rssBefore = rssBytes(server.pid);

  const flood = await open(server.ocppUrl, 'FLOOD-1', password);
  const calm = await open(server.ocppUrl, 'CALM-1', password);
  const got = { results: 0, refusals: 0, closeCode: 0 };
  flood.on('message', (data: Buffer) => (data[1] === 0x33 ? got.results++ : got.refusals++));
  flood.on('close', (code: number) => (got.closeCode = code));
  const sentAt = new Map<string, number>();
  const rtts: number[] = [];
  calm.on('message', (data: Buffer) => {
    const id = (JSON.parse(data.toString()) as unknown[])[1] as string;
    const at = sentAt.get(id);
    if (at !== undefined) rtts.push(performance.now() - at);
  });

  let peakRss = rssBefore;
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) flood.send(`[2,"f${i}","Heartbeat",{}]`);
  let n = 0;
  while (performance.now() - started < SECONDS * 1000) {
    const id = `calm-${n++}`;
    sentAt.set(id, performance.now());
    calm.send(`[2,"${id}","Heartbeat",{}]`);
    await sleep(EVERY_MS);
    if (n % 25 === 0) peakRss = Math.max(peakRss, rssBytes(server.pid));
  }
  await sleep(1000);
  const sorted = [...rtts].sort((a, b) => a - b);
  const at = (q: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN).toFixed(1);
  console.log(
    `flood: ${CALLS} Heartbeats at once; calm charger: a Heartbeat every ${EVERY_MS} ms for ${SECONDS} s`,
  );
  console.log(
    `flooding charger: ${got.results} answered, ${got.refusals} refused, ` +
      `closed with ${got.closeCode || '(still open)'}`,
  );
  console.log(
    `calm charger: ${rtts.length}/${n} answered; round trip p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
  );
  console.log(`server RSS: ${mib(rssBefore)} MiB before, peak ${mib(peakRss)} MiB during`);
  flood.terminate();
  calm.terminate();
  await server.stop();
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
