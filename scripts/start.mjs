// `npm start`: builds the portal when its build is missing or older than its sources, then runs
// the server (API, OCPP, portal) in this process's terminal.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const built = path.join(web, 'dist/index.html');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts']
  .map((p) => path.join(web, p))
  .filter(existsSync);
const sourceTime = Math.max(
  ...sources.map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs)),
  newest(path.join(root, 'packages/contract/src')),
);
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('Building the portal (apps/web)...');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// A larger young generation: under charger load most objects die young, and with V8's default
// they were promoted and collected in long full collections (see docs/operations.md).
const server = spawn(
  process.execPath,
  ['--max-semi-space-size=64', '--import', 'tsx', 'apps/server/src/main.ts'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
