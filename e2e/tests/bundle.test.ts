import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newPage } from '../support/browser';
import { serverApi, startServer, type TestServer } from '../support/server';

/** What a first visit may download, as the browser receives it (compressed, headers aside). */
const SIGN_IN_LIMIT = 250 * 1024;
const SCREEN_LIMIT = 600 * 1024;

let server: TestServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  // Some demo history, so the analytics dashboard draws its charts and loads the chart library.
  [server, browser] = await Promise.all([startServer({ DEMO_HISTORY_DAYS: '3' }), launchBrowser()]);
  ({ token } = await serverApi<{ token: string }>(server, 'portal/Auth/login', undefined, {
    Email: 'admin@voltline.local',
    Password: DEMO_PASSWORD,
  }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Script {
  path: string;
  wireBytes: number;
  encoding: string | undefined;
}

/** Records every script the page downloads, with the bytes of its body on the wire. */
function recordScripts(page: Page): () => Promise<Script[]> {
  const pending: Promise<Script>[] = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [sizes, res] = await Promise.all([req.sizes(), req.response()]);
        return {
          path: new URL(req.url()).pathname,
          wireBytes: sizes.responseBodySize,
          encoding: res?.headers()['content-encoding'],
        };
      })(),
    );
  });
  return () => Promise.all(pending);
}

/**
 * The scripts once the screen has stopped asking for more (none for a second): live screens poll
 * the API, so the network itself never goes quiet.
 */
async function settled(page: Page, scripts: () => Promise<Script[]>): Promise<Script[]> {
  let seen = await scripts();
  for (;;) {
    await page.waitForTimeout(1000);
    const now = await scripts();
    if (now.length === seen.length) return now;
    seen = now;
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const total = (scripts: Script[]) => scripts.reduce((sum, s) => sum + s.wireBytes, 0);

describe('page weight', () => {
  it('the sign-in page downloads less than 250 KB of JavaScript, every script brotli-compressed', async () => {
    const { context, page } = await newPage(browser, server.url);
    const scripts = recordScripts(page);
    await page.goto('/auth/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const seen = await scripts();
    console.log(`sign-in page: ${seen.length} scripts, ${kb(total(seen))} on the wire`);
    expect(seen.length).toBeGreaterThan(0);
    // Files under 1 KB are sent as they are: compressing them saves less than its headers cost.
    expect(seen.filter((s) => s.encoding !== 'br' && s.wireBytes > 1024)).toEqual([]);
    expect(total(seen)).toBeLessThan(SIGN_IN_LIMIT);
    await context.close();
  });

  // A signed-in user opening a link to a screen in a fresh browser: the frame, the screen and its libraries.
  // Every screen, the analytics dashboard with its chart library included, stays under 600 KB.
  const limits: Record<string, number> = {};
  const screens: [string, string][] = [
    ['analytics', '/portal/dashboards/analytics'],
    ['map', '/portal/dashboards/map'],
    ['charge points', '/portal/management/device'],
    ['sessions', '/portal/reports/chargingsessions'],
    ['firmware update', '/portal/management/firmware/update'],
  ];

  it('a screen’s first load downloads less than 600 KB of JavaScript', async () => {
    const weights: string[] = [];
    for (const [name, path] of screens) {
      const { context, page } = await newPage(browser, server.url);
      await context.addInitScript((t) => window.localStorage.setItem('auth_token', t), token);
      const scripts = recordScripts(page);
      await page.goto(path);
      await page.getByTestId('user-menu').waitFor();
      // The dashboard's weight counts its charts: drawn once the chart library has arrived.
      if (name === 'analytics') await page.locator('canvas').first().waitFor();
      const seen = await settled(page, scripts);
      weights.push(`${name}: ${kb(total(seen))}`);
      expect(page.url(), name).toContain(path);
      expect(total(seen), name).toBeLessThan(limits[name] ?? SCREEN_LIMIT);
      await context.close();
    }
    console.log(`first loads on the wire: ${weights.join(', ')}`);
  });
});
