// `npm run screenshots`: pictures of the portal for reviewers, written to docs/screenshots/.
// Starts a Voltline of its own (a free port, a fresh temporary data directory, demo data with its
// default history and the built-in simulated chargers), signs in as the demo Admin and saves
// full-page PNGs of the analytics, charge points, sessions and drivers screens, rows ticked for a
// bulk action, the header's search (Ctrl+K) and a faulted charger's connectors and fault history,
// in English and in Turkish, 1440 and 1024 px wide. Then it stops that server and deletes the
// temporary directory.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// playwright-core is the browser tests' (the e2e workspace), installed with the others.
import { chromium, type Page } from 'playwright-core';
import ocppRpc from 'ocpp-rpc';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'apps/web');
const OUT = path.join(ROOT, 'docs/screenshots');
const DEMO_PASSWORD = 'voltline-demo1';
/** A charger of the script's own that reports a fault with its text and vendor code. */
const FAULTY = 'DEMO-FAULT-01';
const LANGUAGES = ['en', 'tr'] as const;
/** Width and the height of the window (a full-page picture grows past it). */
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;

interface Screen {
  name: string;
  path: string;
  /** Resolves once the screen shows its data (and what the picture is of: a selection, a search). */
  ready(page: Page): Promise<void>;
}

const tableRows = (testId: string) => async (page: Page) => {
  await page.getByTestId(testId).locator('tbody tr.ant-table-row').first().waitFor();
};

const SCREENS: Screen[] = [
  {
    name: 'analytics',
    path: '/portal/dashboards/analytics',
    async ready(page) {
      await page.getByTestId('stat-online-value').waitFor();
      await page.getByTestId('daily-chart').locator('canvas').waitFor();
      await page.getByTestId('connectors-chart').locator('canvas').waitFor();
      await page.getByTestId('uptime-lowest').waitFor();
    },
  },
  { name: 'charge-points', path: '/portal/management/device', ready: tableRows('cp-table') },
  // All sessions, the demo's history included: the default tab lists only those running now.
  { name: 'sessions', path: '/portal/reports/chargingsessions?tab=all', ready: tableRows('session-table') },
  { name: 'drivers', path: '/portal/management/driver', ready: tableRows('driver-table') },
  {
    // Three charge points ticked: the bulk bar with its count, "select all" and the actions.
    name: 'bulk-selection',
    path: '/portal/management/device',
    async ready(page) {
      const rows = page.getByTestId('cp-table').locator('tbody tr.ant-table-row');
      await rows.first().waitFor();
      for (let i = 0; i < 3; i++) await rows.nth(i).getByRole('checkbox').check();
      await page.getByTestId('bulk-bar').waitFor();
      await page.getByTestId('bulk-actions').click();
      await page.locator('.ant-dropdown:visible').waitFor();
    },
  },
  {
    // The header's search, opened with its shortcut, finding the demo's charge points.
    name: 'search',
    path: '/portal/management/device',
    async ready(page) {
      await page.getByTestId('cp-table').locator('tbody tr.ant-table-row').first().waitFor();
      await page.keyboard.press('Control+k');
      await page.getByTestId('global-search-input').fill('DEMO');
      await page.getByTestId('global-search-hit').first().waitFor();
    },
  },
  {
    name: 'fault-connectors',
    path: `/portal/management/device/detail/${FAULTY}/connectors`,
    async ready(page) {
      await page.getByTestId('connector-fault').first().waitFor();
    },
  },
  {
    name: 'fault-history',
    path: `/portal/management/device/detail/${FAULTY}?tab=faults`,
    ready: tableRows('cp-faults'),
  },
];

function newestChange(p: string): number {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((name) => newestChange(path.join(p, name))));
}

/**
 * The built portal: apps/web/dist when it is newer than its sources (as `npm start` decides),
 * otherwise a build into `tmp`, so a build others serve from apps/web/dist is never emptied.
 */
function webDist(tmp: string): string {
  const dist = path.join(WEB, 'dist');
  const sources = ['src', 'public', 'index.html', 'vite.config.ts']
    .map((p) => path.join(WEB, p))
    .concat(path.join(ROOT, 'packages/contract/src'))
    .filter((p) => existsSync(p));
  const index = path.join(dist, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(...sources.map(newestChange))) return dist;
  const out = path.join(tmp, 'web');
  console.log('Building the portal...');
  execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: WEB,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return out;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Only what a process needs from this shell: the server's own settings come from here, never
 * from the caller's environment or a .env file (a DATABASE_URL there must not get demo data).
 */
function serverEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const kept = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'].filter((k) => process.env[k] !== undefined);
  return { ...Object.fromEntries(kept.map((k) => [k, process.env[k]])), ...settings };
}

async function startServer(tmp: string, dist: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: serverEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      PUBLIC_URL: url,
      WEB_DIST: dist,
      SEED_DEMO: 'true',
      DEFAULT_LOCALE: 'en',
      LOG_LEVEL: 'warn',
      FTP_PORT: 'off',
      DOTENV_CONFIG_PATH: path.join(tmp, 'no.env'),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in 180 s:\n${output}`)),
      180_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Voltline listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  return { url, child };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill('admin@voltline.local');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-menu').waitFor();
}

/** Waits for the simulated chargers to show as online, so the screens show a living network. */
async function waitForChargers(page: Page): Promise<void> {
  await page.goto('/portal/dashboards/analytics');
  await page.waitForFunction(
    () =>
      Number(document.querySelector('[data-testid="stat-online-value"]')?.textContent?.replace(/\D/g, '')) >
      0,
    undefined,
    { timeout: 90_000 },
  );
}

/**
 * A charger that faulted for a reason the support team should read: the demo's simulated chargers
 * fault only now and then, so the pictures of fault details come from one of the script's own.
 */
async function faultyCharger(page: Page) {
  const api = <T>(method: string, p: string, body?: unknown) =>
    page.evaluate(
      async ({ method, p, body }) => {
        const res = await fetch(`/api/${p}`, {
          method,
          headers: {
            Authorization: `Bearer ${localStorage.getItem('auth_token') ?? ''}`,
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return ((await res.json()) as { data: unknown }).data;
      },
      { method, p, body },
    ) as Promise<T>;
  const me = await api<{ operatorId: number }>('GET', 'portal/Auth/me');
  const creds = await api<{ ocppUrl: string; password: string }>('POST', 'portal/ChargePoint', {
    chargePointId: FAULTY,
    name: 'Faulty bay',
    operatorId: me.operatorId,
    connectorCount: 2,
  });
  const charger = new ocppRpc.RPCClient({
    endpoint: creds.ocppUrl.slice(0, -(FAULTY.length + 1)),
    identity: FAULTY,
    password: creds.password,
    protocols: ['ocpp1.6'],
    strictMode: false,
    reconnect: false,
  } as never);
  await charger.connect();
  await charger.call('BootNotification', { chargePointVendor: 'Voltline', chargePointModel: 'Demo 22' });
  await charger.call('StatusNotification', { connectorId: 2, status: 'Available', errorCode: 'NoError' });
  await charger.call('StatusNotification', {
    connectorId: 1,
    status: 'Faulted',
    errorCode: 'GroundFailure',
    info: 'RCD tripped on L2',
    vendorId: 'Voltline',
    vendorErrorCode: 'E-117',
  });
  return charger;
}

/** Waits until nothing on the page is loading, then lets charts finish their entry animation. */
async function settle(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(
    () => document.querySelectorAll('.ant-spin-spinning, .ant-skeleton, .ant-card-loading').length === 0,
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(1500);
}

async function takeScreenshots(url: string): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const written: string[] = [];
  let charger: Awaited<ReturnType<typeof faultyCharger>> | undefined;
  try {
    const context = await browser.newContext({ baseURL: url, viewport: VIEWPORTS[0], locale: 'en-US' });
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    await signIn(page);
    await waitForChargers(page);
    charger = await faultyCharger(page);
    for (const lng of LANGUAGES) {
      await page.evaluate((l) => {
        localStorage.setItem('FELOCALE', l);
        localStorage.setItem('BELOCALE', l);
      }, lng);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        for (const screen of SCREENS) {
          await page.goto(screen.path);
          await screen.ready(page);
          await settle(page);
          const file = path.join(OUT, `${screen.name}-${lng}-${viewport.width}.png`);
          await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
          written.push(file);
          console.log(`${path.relative(ROOT, file)} (${Math.round(statSync(file).size / 1024)} kB)`);
        }
      }
    }
  } finally {
    await charger?.close({ force: true }).catch(() => undefined);
    await browser.close();
  }
  return written;
}

async function main(): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'voltline-screenshots-'));
  let child: ChildProcess | undefined;
  const cleanUp = async () => {
    if (child) await stopServer(child);
    rmSync(tmp, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }
  try {
    const dist = webDist(tmp);
    mkdirSync(OUT, { recursive: true });
    console.log('Starting a Voltline with demo data and simulated chargers...');
    const server = await startServer(tmp, dist);
    child = server.child;
    const written = await takeScreenshots(server.url);
    console.log(`${written.length} screenshots in ${path.relative(ROOT, OUT)}/`);
  } finally {
    await cleanUp();
  }
}

await main();
