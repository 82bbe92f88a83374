import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, signInAs, token } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

// Long enough that the renewed token outlives the next page's calls on a loaded machine (with 8 s,
// the detail page once took so long that its token expired again and was renewed twice).
const TTL_SECONDS = 15;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS) }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('session renewal', () => {
  it('renews an expired token without the user noticing', async () => {
    const { context, page } = await newPage(browser, server.url);
    const refreshes: number[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/portal/auth/refreshToken')) refreshes.push(res.status());
    });
    await signInAs(page, 'admin@voltline.local', '/portal/management/user');
    await page.getByTestId('user-table').waitFor();
    const first = await token(page);
    await page.waitForTimeout((TTL_SECONDS + 1) * 1000);

    // The next call meets 401 with the expired token; the client renews it and repeats the call.
    await page.getByTestId('user-table').locator('tbody tr.ant-table-row a').first().click();
    await page.waitForURL(/\/portal\/management\/user\/detail\/\d+$/);
    await page.getByTestId('user-details').waitFor();

    expect(refreshes).toEqual([200]);
    const second = await token(page);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(page.url()).not.toContain('/auth/login');
    expect(await page.locator('.ant-notification-notice-error').count()).toBe(0);
    await context.close();
  });

  it('signs the user out when the session cannot be renewed', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/user');
    await page.getByTestId('user-table').waitFor();
    const firstUser = page.getByTestId('user-table').locator('tbody tr.ant-table-row a').first();
    await firstUser.waitFor();
    // The stored token no longer opens a session: the next call's renewal fails.
    await page.evaluate(() => localStorage.setItem('auth_token', 'not-a-valid-token'));
    await firstUser.click();
    await page.waitForURL(/\/auth\/login\?redirect=/);
    expect(await token(page)).toBeNull();
    await context.close();
  });
});
