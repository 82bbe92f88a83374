// `npm run bench:startup`: how long the server takes to start and how much memory it holds idle,
// compiled (as `npm start` runs it) and through the TypeScript loader, on an embedded database
// that already holds the demo network (a restart, not a first start).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, rssBytes, ServerProcess } from './lib/server';

const RUNS = Number(process.env.STARTUP_RUNS ?? 3);
const IDLE_MS = 10_000;

async function measure(runs: 'compiled' | 'tsx', dataDir: string) {
  const server = new ServerProcess({ dataDir, port: await freePort(), runs });
  const started = performance.now();
  await server.start();
  const startMs = performance.now() - started;
  await sleep(IDLE_MS);
  const rss = rssBytes(server.pid);
  await server.stop();
  return { startMs, rss };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'voltline-bench-startup-'));
try {
  // The first start creates the database and the demo network; it is not what is measured.
  const first = await measure('compiled', dataDir);
  console.log(`first start (creates the database): ${(first.startMs / 1000).toFixed(1)} s`);
  const rows: string[] = [];
  for (const runs of ['tsx', 'compiled'] as const) {
    const results = [];
    for (let i = 0; i < RUNS; i++) results.push(await measure(runs, dataDir));
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const start = median(results.map((r) => r.startMs));
    const rss = median(results.map((r) => r.rss));
    rows.push(`| ${runs} | ${(start / 1000).toFixed(2)} s | ${(rss / 1024 / 1024).toFixed(0)} MiB |`);
  }
  console.log(`\n| server | start to listening (median of ${RUNS}) | RSS after ${IDLE_MS / 1000} s idle |`);
  console.log('|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
