import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, pick, screenshot, signInAs } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What another system gets when it calls the API with the key, as fetch in any program would. */
const withKey = (page: Page, secret: string) =>
  page.evaluate(async (key) => {
    const res = await fetch('/api/portal/Payment/GetPaymentTransactions?index=0&size=10', {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    const body = (await res.json()) as { data?: { total: number }; error?: string };
    return { status: res.status, total: body.data?.total, error: body.error };
  }, secret);

describe('API keys', () => {
  it('lets an admin make a key, shows it once, and stops it at once when revoked', async () => {
    const name = `Accounting export ${Date.now().toString(36).slice(-5)}`;
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal');
    await page.getByRole('menuitem', { name: 'API keys' }).click();
    await page.waitForURL('**/portal/integrations/api-keys');
    await page.getByRole('heading', { name: 'API keys' }).waitFor();

    await page.getByRole('button', { name: 'New API key' }).click();
    await page.getByTestId('api-key-name').fill(name);
    await pick(page, 'api-key-role', 'Finance');
    await page.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByTestId('api-key-secret');
    await shown.waitFor();
    const secret = (await shown.locator('code').innerText()).trim();
    expect(secret).toMatch(/^vl_live_[A-Za-z0-9_-]{43}$/);
    await expect.poll(() => page.locator('.ant-modal .ant-typography-copy').count()).toBe(1);
    await screenshot(page, 'api-key-created');
    await page.getByTestId('api-key-secret-done').click();

    const row = page.locator('tr.ant-table-row', { hasText: name });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain(secret.slice(0, 14));
    await expect.poll(() => row.innerText()).toContain('Active');
    // Once closed, the secret is nowhere on the page.
    await shown.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(secret);

    const used = await withKey(page, secret);
    expect(used.status).toBe(200);
    expect(typeof used.total).toBe('number');
    await page.reload();
    await row.waitFor();
    await expect.poll(() => row.innerText()).not.toContain('Never');

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => row.innerText()).toContain('Revoked');
    await screenshot(page, 'api-key-revoked');
    expect(await withKey(page, secret)).toEqual({
      status: 401,
      total: undefined,
      error: 'This API key has been revoked.',
    });
    await context.close();
  });
});
