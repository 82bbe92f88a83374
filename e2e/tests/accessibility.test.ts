import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AxeResults, Result } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startCharger, type SimCharger } from '@voltline/simulator';
import { DEMO_PASSWORD, launchBrowser, signIn } from '../support/browser';
import { serverApi, startServer, type TestServer } from '../support/server';

// axe-core's own build, run inside the page. page.evaluate goes past the portal's
// Content-Security-Policy (script-src 'self'), which would refuse an injected <script>.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// WCAG 2.1 A and AA, and axe's best practices (one level-one heading, heading order, named headers).
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const CP_ID = 'A11Y-SIM-01';

let server: TestServer;
let browser: Browser;
let charger: SimCharger | undefined;
let groupId = 0;
let driverId = 0;

const api = <T>(path: string, token?: string, body?: unknown, method?: string) =>
  serverApi<T>(server, path, token, body, method);

beforeAll(async () => {
  [server, browser] = await Promise.all([
    // A few days of demo history, so the reports and dashboards show rows rather than empty tables.
    startServer({ DEMO_HISTORY_DAYS: '3' }),
    launchBrowser(),
  ]);
  // One connected charger fills the OCPP log and shows an online charge point.
  const { token } = await api<{ token: string }>('portal/Auth/login', undefined, {
    Email: 'admin@voltline.local',
    Password: DEMO_PASSWORD,
  });
  const { operatorId } = await api<{ operatorId: number }>('portal/Auth/me', token);
  const creds = await api<{ ocppUrl: string; password: string }>('portal/ChargePoint', token, {
    chargePointId: CP_ID,
    name: 'Accessibility test',
    operatorId,
    connectorCount: 2,
  });
  charger = await startCharger({
    url: creds.ocppUrl.slice(0, -(CP_ID.length + 1)),
    id: CP_ID,
    password: creds.password,
  });
  // A smart-charging group with the charger, for its list and its live detail.
  ({ id: groupId } = await api<{ id: number }>('portal/SmartCharging', token, {
    name: 'Accessibility depot',
    operatorId,
    chargingRateUnit: 'A',
    mode: 'equal',
    maxPower: 32,
    minPerSession: 6,
    schedule: [{ from: '07:00', limit: 20 }],
    chargePointIds: [CP_ID],
  }));
  ({ id: driverId } = await api<{ id: number }>('portal/Driver', token, {
    name: 'Elif',
    surname: 'Kaya',
    operatorId,
  }));
});

afterAll(async () => {
  await charger?.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

interface Screen {
  name: string;
  path: string;
  /** Shown once the screen's data has arrived. */
  ready: string;
}

const row = (testId: string) => `[data-testid="${testId}"] tbody tr.ant-table-row`;
/** A table that may be empty: its rows or its "no data" line. */
const rowOrEmpty = (testId: string) =>
  `[data-testid="${testId}"] :is(tr.ant-table-row, tr.ant-table-placeholder)`;
/** Every screen of the menu, and the detail and form screens a support team works in. */
const SCREENS: Screen[] = [
  { name: 'analytics', path: '/portal/dashboards/analytics', ready: '[data-testid="utilisation-top"]' },
  { name: 'map', path: '/portal/dashboards/map', ready: '[data-testid="network-map"] .leaflet-marker-icon' },
  { name: 'charge points', path: '/portal/management/device', ready: row('cp-table') },
  {
    name: 'charge point detail',
    path: `/portal/management/device/detail/${CP_ID}`,
    ready: '[data-testid="cp-tabs"] .ant-descriptions',
  },
  { name: 'sessions', path: '/portal/reports/chargingsessions?tab=all', ready: row('session-table') },
  {
    name: 'add driver',
    path: '/portal/management/driver/add',
    ready: '[data-testid="driver-form-operator"]',
  },
  { name: 'OCPP log', path: '/portal/logs/ocpp', ready: row('ocpp-log-table') },
  { name: 'maintenance log', path: '/portal/logs/maintenancelogs', ready: row('maintenance-table') },
  { name: 'drivers', path: '/portal/management/driver', ready: row('driver-table') },
  {
    name: 'driver detail',
    get path() {
      return `/portal/management/driver/detail/${driverId}`;
    },
    ready: '[data-testid="driver-tabs"]',
  },
  { name: 'operators', path: '/portal/management/operator', ready: row('operator-tree') },
  { name: 'audit log', path: '/portal/logs/auditlogs', ready: row('audit-log-table') },
  { name: 'diagnostics', path: '/portal/logs/diagnostic', ready: rowOrEmpty('diagnostics-table') },
  { name: 'security events', path: '/portal/logs/security', ready: rowOrEmpty('security-events-table') },
  { name: 'tariffs', path: '/portal/management/tariff', ready: row('tariff-table') },
  { name: 'new tariff', path: '/portal/management/tariff/add', ready: '[data-testid="tariff-form-type"]' },
  {
    name: 'bookings',
    path: '/portal/management/booking',
    ready: rowOrEmpty('booking-table'),
  },
  { name: 'new booking', path: '/portal/management/booking/add', ready: '[data-testid="booking-form"]' },
  { name: 'payments', path: '/portal/reports/payments', ready: row('payment-table') },
  { name: 'users', path: '/portal/management/user', ready: row('user-table') },
  { name: 'charger firmware', path: '/portal/management/device/firmware', ready: row('fw-device-table') },
  { name: 'firmware upload', path: '/portal/management/firmware/upload', ready: '[data-testid="fw-upload"]' },
  { name: 'firmware update', path: '/portal/management/firmware/update', ready: row('fw-picker-table') },
  { name: 'smart charging', path: '/portal/management/smartCharging', ready: row('sc-table') },
  {
    name: 'smart-charging group',
    // The group is made in beforeAll, after this table is read.
    get path() {
      return `/portal/management/smartCharging/detail/${groupId}`;
    },
    ready: row('sc-allocation-table'),
  },
];

/** Spinners, skeletons and loading cards: a screen still waiting for its data. */
const LOADING =
  '.ant-spin-spinning, .ant-skeleton-active, .ant-card-loading-content, .ant-table-placeholder .ant-spin';

/** A browser context in `theme` and `locale`, set the way the portal keeps them (localStorage). */
async function contextIn(theme: 'light' | 'dark', locale: 'en' | 'tr'): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
  });
  context.setDefaultTimeout(20_000);
  // The map's tiles come from the internet; an empty answer keeps the test on this machine.
  await context.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 404 }));
  await context.addInitScript(
    ({ theme, locale }) => {
      localStorage.setItem('voltline_theme', JSON.stringify({ state: { currentTheme: theme }, version: 0 }));
      localStorage.setItem('FELOCALE', locale);
      localStorage.setItem('BELOCALE', locale);
    },
    { theme, locale },
  );
  return context;
}

/** What a reader needs to find a violation: the rule, its help, and the first few elements. */
function describeViolation(v: Result): string {
  const nodes = v.nodes
    .slice(0, 4)
    .map((n) => {
      const why = n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? '';
      return `    ${n.target.join(' ')}\n      ${n.html.slice(0, 200)}\n      ${why.slice(0, 300)}`;
    })
    .join('\n');
  const more = v.nodes.length > 4 ? `\n    … and ${v.nodes.length - 4} more` : '';
  return `  ${v.id} (${v.impact ?? 'unknown'}, ${v.nodes.length}×): ${v.help}\n${nodes}${more}`;
}

/** Runs axe on the page as it is; returns its violations of any impact, described. */
async function violations(page: Page): Promise<string[]> {
  // A row left under the pointer by the last click would be measured in its hover colours.
  await page.mouse.move(0, 0);
  // The page must have drawn what it loaded, and colours must have settled: a menu item or tab
  // fading to its selected colour would be measured half-way (endless animations do not count).
  await page.waitForFunction(
    (loading) =>
      !document.querySelector(loading) &&
      document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
    LOADING,
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (...a: unknown[]) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    RULE_TAGS,
  );
  return results.violations.map(describeViolation);
}

/**
 * Opens `screen` inside the running portal, as its links do (React Router follows the history), so
 * the portal and axe are not loaded again for every screen; waits for its data.
 */
async function open(page: Page, screen: Screen): Promise<void> {
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, screen.path);
  await page.locator(screen.ready).first().waitFor();
}

const report = (screen: string, found: string[]) =>
  found.length ? `${screen}: ${found.length} violation(s)\n${found.join('\n')}` : '';

for (const theme of ['light', 'dark'] as const) {
  describe(`WCAG 2.1 A and AA and best practices, ${theme} theme`, () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await contextIn(theme, 'en');
      page = await context.newPage();
    });

    afterAll(async () => {
      await context?.close();
    });

    it('has no violation on the sign-in page', async () => {
      await page.goto('/auth/login');
      // The page lives through a retry: a first attempt whose sign-in went through left its token,
      // and the signed-in portal sends the sign-in page away.
      if (await page.evaluate(() => localStorage.getItem('auth_token'))) {
        await page.evaluate(() => localStorage.removeItem('auth_token'));
        await page.goto('/auth/login');
      }
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      // An array, so a failure prints every violation in full (a long string would be cut short).
      expect(await violations(page), 'sign-in').toEqual([]);
      await signIn(page, 'admin@voltline.local');
    });

    for (const screen of SCREENS) {
      it(`has no violation on ${screen.name}`, async () => {
        if (page.url().includes('/auth/')) await signIn(page, 'admin@voltline.local');
        await open(page, screen);
        expect(await violations(page), screen.name).toEqual([]);
      });
    }
  });
}

describe('WCAG 2.1 A and AA in Turkish', () => {
  it('has no violation on the sign-in page and analytics', async () => {
    const context = await contextIn('light', 'tr');
    try {
      const page = await context.newPage();
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Giriş yap' }).waitFor();
      const found = [report('sign-in', await violations(page))];
      await page.getByLabel('E-posta').fill('admin@voltline.local');
      await page.getByLabel('Şifre', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Giriş yap' }).click();
      await page.getByTestId('user-menu').waitFor();
      // The progress bars' names are sentences of their own in Turkish.
      const analytics = SCREENS[0];
      if (!analytics) throw new Error('no analytics screen');
      await open(page, analytics);
      found.push(report(analytics.name, await violations(page)));
      expect(found.filter(Boolean)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
