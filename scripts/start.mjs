// `npm start`: builds the portal and compiles the server when their builds are missing or older
// than their sources, then runs the compiled server (API, OCPP, portal) with plain Node.js in this
// process's terminal.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

// Node.js 22 and 24 are the supported LTS releases; 20 reached its end of life in April 2026 and
// some dependencies already ask for 22. It still starts, with a word about it.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.warn(
    `Node.js ${process.versions.node} is past its end of life; Voltline supports Node.js 22 and 24 LTS. ` +
      'Install one of them (or run `PATH="$(scripts/lts-node.sh 24):$PATH" npm start`).',
  );
}
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

/** The newest modification time among files and folders (searched through). */
function newestOf(paths) {
  return Math.max(
    ...paths.filter(existsSync).map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs)),
  );
}

/** Runs `npm run <script>` when `output` is missing or older than `sources`. */
function rebuild(output, sources, script, what) {
  if (existsSync(output) && statSync(output).mtimeMs >= newestOf(sources)) return;
  console.log(`Building ${what}...`);
  const r = spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const contract = path.join(root, 'packages/contract/src');
rebuild(
  built,
  [...['src', 'public', 'index.html', 'vite.config.ts', 'build'].map((p) => path.join(web, p)), contract],
  'build',
  'the portal (apps/web)',
);
const server = path.join(root, 'apps/server');
rebuild(
  path.join(server, 'dist/main.js'),
  [path.join(server, 'src'), path.join(server, 'scripts'), path.join(root, 'apps/simulator/src'), contract],
  'build:server',
  'the server (apps/server)',
);

// A larger young generation: under charger load most objects die young, and with V8's default
// they were promoted and collected in long full collections (see docs/operations.md).
const child = spawn(
  process.execPath,
  ['--max-semi-space-size=64', '--enable-source-maps', 'apps/server/dist/main.js'],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
