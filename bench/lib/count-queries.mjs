// A poor man's pg_stat_statements for the benchmark's server (the local PostgreSQL does not load
// the extension): counts the statements the server sends through `pg`, by text, with their total
// time in the client, and writes the lists to $DATA_DIR (queries-2.json: the measured window).
//
//   BENCH_SERVER_NODE_ARGS="--import ./bench/lib/count-queries.mjs" npm run bench:ocpp -- …
//
// Only for measuring: it wraps every query in a timer.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const stats = new Map();
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text !== 'string') return original.call(this, config, values, callback);
  const key = text.replace(/\s+/g, ' ').slice(0, 300);
  const started = performance.now();
  const done = () => {
    const s = stats.get(key) ?? { calls: 0, ms: 0 };
    s.calls++;
    s.ms += performance.now() - started;
    stats.set(key, s);
  };
  const result = original.call(this, config, values, callback);
  if (result && typeof result.then === 'function') result.then(done, done);
  else done();
  return result;
};

function write(name) {
  const rows = [...stats.entries()]
    .map(([text, s]) => ({ calls: s.calls, ms: Math.round(s.ms), text }))
    .sort((a, b) => b.calls - a.calls);
  writeFileSync(path.join(process.env.DATA_DIR ?? '.', name), JSON.stringify(rows, null, 1));
}

// The benchmark signals the start and the end of its measured window: each signal writes what was
// counted since the last one (queries-1.json: setup and ramp; queries-2.json: the window) and resets.
let windows = 0;
process.on('SIGUSR2', () => {
  write(`queries-${++windows}.json`);
  stats.clear();
});
process.on('exit', () => write('queries.json'));
