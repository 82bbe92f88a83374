import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { confirmWith, launchBrowser, newPage, pick, screenshot, signInAs } from '../support/browser';
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

const rows = (page: Page) => page.getByTestId('user-table').locator('tbody tr.ant-table-row');

describe('user management', () => {
  it('creates a user, finds it by filter, edits it and deletes it', async () => {
    // An address of this attempt's own: a retry must not trip over the user its first attempt made.
    const handle = `ayse.yilmaz.${Date.now().toString(36).slice(-5)}`;
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'main@voltline.local', '/portal/management/user');
    await page.getByTestId('user-table').waitFor();
    await rows(page).first().waitFor();
    await screenshot(page, 'users-list');

    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('heading', { name: 'Add user' }).waitFor();
    await page.getByLabel('First name').fill('Ayşe');
    await page.getByLabel('Last name').fill('Yılmaz');
    await page.getByLabel('E-mail').fill(`${handle}@example.com`);
    await page.getByLabel('Phone').fill('+90 555 000 11 22');
    await pick(page, 'user-form-roles', 'Finance');
    await page.keyboard.press('Escape');
    await page.getByLabel('Password').fill('finance-pass1');
    await page.getByRole('button', { name: 'Create user' }).click();

    await page.waitForURL(/\/portal\/management\/user\/detail\/\d+$/);
    await page.getByRole('heading', { name: /Ayşe Yılmaz/ }).waitFor();
    await page.locator('.ant-notification-notice-success').waitFor();
    await page.getByTestId('user-audit-table').waitFor();
    await screenshot(page, 'user-detail');

    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL('**/portal/management/user');
    await page.getByTestId('user-search').locator('input').fill(handle);
    await page.getByTestId('user-search').locator('input').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === handle);
    await expect.poll(() => rows(page).count()).toBe(1);
    await pick(page, 'user-filter-role', 'Finance');
    await expect.poll(() => rows(page).count()).toBe(1);
    await pick(page, 'user-filter-status', 'Inactive');
    await page.waitForURL(/active=false/);
    await expect.poll(() => rows(page).count()).toBe(0);
    await pick(page, 'user-filter-status', 'Active');
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect.poll(() => rows(page).first().innerText()).toContain(`${handle}@example.com`);

    await rows(page).first().getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/\/portal\/management\/user\/edit\/\d+$/);
    await page.getByRole('heading', { name: /^Edit Ayşe Yılmaz/ }).waitFor();
    await page.getByLabel('Last name').fill('Demir');
    await screenshot(page, 'user-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/portal\/management\/user\/detail\/\d+$/);
    await page.getByRole('heading', { name: /Ayşe Demir/ }).waitFor();

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-modal-confirm-title').getByText('Delete this user?').waitFor();
    await confirmWith(page, 'Delete');
    await page.waitForURL(/\/portal\/management\/user(\?.*)?$/);
    await page.getByTestId('user-search').locator('input').fill(handle);
    await page.getByTestId('user-search').locator('input').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === handle);
    await expect.poll(() => rows(page).count()).toBe(0);
    await page.locator('.ant-empty-description').waitFor();
    await context.close();
  });

  it("shows the signed-in user's own activity on their detail page", async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const me = await page.evaluate(async () => {
      const res = await fetch('/api/portal/Auth/me', {
        headers: { Authorization: `Bearer ${localStorage.getItem('auth_token') ?? ''}` },
      });
      return ((await res.json()) as { data: { id: number } }).data;
    });
    await page.goto(`/portal/management/user/detail/${me.id}`);
    const audit = page.getByTestId('user-audit-table');
    await audit.getByText('Signed in').first().waitFor();
    // Nobody is offered to delete their own account.
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await context.close();
  });

  it('downloads the filtered list as an Excel file', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/user');
    await page.getByTestId('user-table').waitFor();
    await rows(page).first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-excel').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const path = await file.path();
    const { readFileSync } = await import('node:fs');
    // An .xlsx is a zip archive.
    expect(readFileSync(path).subarray(0, 2).toString()).toBe('PK');
    await context.close();
  });

  it('shows the error page when a screen cannot be loaded', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.route('**/assets/user-detail-page-*.js', (route) => route.abort());
    await signInAs(page, 'admin@voltline.local', '/portal/management/user');
    await page.getByTestId('user-table').waitFor();
    await rows(page).first().getByRole('link').click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    // The frame stays, so the user can go elsewhere.
    await page.getByTestId('side-nav').waitFor();
    await screenshot(page, 'error-page');
    await context.close();
  });

  it('does not offer a Main Operator changes to an Admin', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'main@voltline.local', '/portal/management/user');
    await page.getByTestId('user-table').waitFor();
    const adminRow = rows(page).filter({ hasText: 'admin@voltline.local' });
    await adminRow.waitFor();
    expect(await adminRow.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await adminRow.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    const financeRow = rows(page).filter({ hasText: 'finance@voltline.local' });
    expect(await financeRow.getByRole('button', { name: 'Edit' }).count()).toBe(1);
    await context.close();
  });

  it('offers a CallCenter user no user management', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'callcenter@voltline.local', '/portal/management/user');
    await page.getByText('No access').waitFor();
    // The frame and its menu are drawn by now; user management is not in it.
    await page.getByTestId('side-nav').locator('.ant-menu').first().waitFor();
    expect(await page.getByRole('menuitem', { name: 'Users' }).count()).toBe(0);
    await screenshot(page, 'no-access-callcenter');
    expect(await page.getByTestId('user-table').count()).toBe(0);
    await context.close();
  });
});
