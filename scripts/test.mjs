// `npm test`: every workspace's tests in turn, then the browser tests against a built portal
// (which their global setup builds).
// Installs Debian's Chromium first when it is missing (the browser tests never download one).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const only = process.argv.slice(2);
const suites = ['apps/server', 'apps/simulator', 'apps/web', 'e2e'].filter(
  (w) => only.length === 0 || only.includes(w),
);

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  return r.status ?? 1;
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  console.log('Installing Debian chromium for the browser tests...');
  const asRoot = process.getuid?.() === 0;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => (asRoot ? run('apt-get', args, { env }) : run('sudo', ['apt-get', ...args], { env }));
  if (apt(['update', '-q']) !== 0 || apt(['install', '-y', '-q', 'chromium']) !== 0) {
    console.error('Could not install chromium; install it with `apt-get install -y chromium`.');
    process.exit(1);
  }
}

let passed = 0;
let failed = 0;
let status = 0;
for (const ws of suites) {
  // The browser tests build the portal themselves, once, into a folder of their own
  // (e2e/support/global-setup.ts): building apps/web/dist here as well only cost a second build.
  if (ws === 'e2e') ensureChromium();
  const report = path.join(out, `${ws.replace('/', '-')}.json`);
  console.log(`\n=== ${ws} ===`);
  const code = run('npm', [
    'test',
    '-w',
    ws,
    '--',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
  ]);
  if (code !== 0) status = code;
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
  } else {
    failed += 1;
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(status || (failed > 0 ? 1 : 0));
