import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  newPage,
  openUsers,
  screenshot,
  signIn,
  signOut,
  token,
  uniqueName,
} from '../support/browser';
import { registerLinkFor, resetLinkFor } from '../support/outbox';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
/** The reset link an attempt took: a retry must wait for its own, the first may have been used. */
let resetLinkTaken: string | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('signing in and out', () => {
  it('sends a visitor to the sign-in page, signs in to the first area and signs out', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/portal');
    await page.waitForURL(/\/auth\/login\?redirect=%2Fportal$/);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'sign-in');

    // "/portal" leads to the root, and the root to the home path (the dashboard once it exists,
    // until then the first area the user may open).
    await signIn(page, 'admin@voltline.local');
    await page.waitForURL(/\/portal\/(dashboards\/analytics|management\/user)$/);
    expect(await token(page)).toBeTruthy();
    await openUsers(page);

    await signOut(page);
    expect(await token(page)).toBeNull();
    await page.goto('/portal/management/user');
    await page.waitForURL('**/auth/login?redirect=*');
    await context.close();
  });

  it('signs out within seconds even when the server does not answer', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, 'admin@voltline.local');
    // The sign-out request never gets an answer.
    let held = 0;
    await page.route('**/api/auth/logout', () => {
      held++;
    });
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    // Two steps, so a failure tells which one: the request went out, then the page left.
    await expect.poll(() => held).toBe(1);
    await page.waitForURL('**/auth/login', { timeout: 15_000 });
    expect(await token(page)).toBeNull();
    await context.close();
  });

  it("shows the server's message for a wrong password", async () => {
    const { context, page } = await newPage(browser, server.url);
    const answer = await page.request.post('/api/portal/Auth/login', {
      data: { Email: 'finance@voltline.local', Password: 'not-the-password1' },
      headers: { 'Accept-Language': 'en' },
    });
    expect(answer.status()).toBe(400);
    const { error } = (await answer.json()) as { error: string };
    expect(error.length).toBeGreaterThan(0);

    await page.goto('/auth/login');
    await page.getByLabel('E-mail').fill('finance@voltline.local');
    await page.getByLabel('Password', { exact: true }).fill('still-wrong-password2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.ant-notification-notice-error').getByText(error).waitFor();
    expect(page.url()).toContain('/auth/login');
    expect(await token(page)).toBeNull();
    await screenshot(page, 'sign-in-wrong-password');
    await context.close();
  });

  it('checks the sign-in form before calling the server', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/auth/login');
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('E-mail is not a valid e-mail address').waitFor();
    await page.getByText('Please enter Password').waitFor();
    await context.close();
  });

  it('reloads the page on signing in, so nothing the tab held before carries over', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/auth/login');
    // Kept in the page's memory: a reload forgets it, a navigation inside the app would not.
    await page.evaluate(() => {
      (window as unknown as { beforeSignIn?: boolean }).beforeSignIn = true;
    });
    await signIn(page, 'admin@voltline.local');
    expect(
      await page.evaluate(() => (window as unknown as { beforeSignIn?: boolean }).beforeSignIn),
    ).toBeUndefined();
    await context.close();
  });

  it('returns to the wanted page after signing in', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/portal/management/user/add');
    await page.waitForURL(/\/auth\/login\?redirect=%2Fportal%2Fmanagement%2Fuser%2Fadd$/);
    await signIn(page, 'main@voltline.local');
    await page.waitForURL('**/portal/management/user/add');
    await page.getByRole('heading', { name: 'Add user' }).waitFor();
    // A signed-in user is sent away from the sign-in page.
    await page.goto('/auth/login');
    await page.waitForURL(/\/portal\/(dashboards\/analytics|management\/user)$/);
    await context.close();
  });

  it('resets a forgotten password through the e-mailed link and signs in with the new one', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/auth/forgot-password');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('E-mail').fill('support@voltline.local');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your inbox').waitFor();
    await screenshot(page, 'forgot-password');

    // The e-mail is sent after the answer: a retry waits for a link other than its first attempt's.
    let sent = '';
    await expect
      .poll(async () => (sent = await resetLinkFor(server.dataDir, 'support@voltline.local')), {
        timeout: 15_000,
      })
      .not.toBe(resetLinkTaken);
    resetLinkTaken = sent;
    const link = new URL(sent);
    expect(link.pathname).toBe('/forgotPassword');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Repeat new password').fill('different1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('New password must be at least 8 characters').waitFor();
    await page.getByText('The two passwords do not match').waitFor();
    await screenshot(page, 'reset-password');

    await page.getByLabel('New password', { exact: true }).fill('fresh-start42');
    await page.getByLabel('Repeat new password').fill('fresh-start42');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.locator('.ant-result-title').getByText('Your password has been changed').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/auth/login');
    await signIn(page, 'support@voltline.local', 'fresh-start42');
    expect(await token(page)).toBeTruthy();
    await context.close();
  });

  it('registers a new operator company through the e-mailed link and signs its owner in', async () => {
    // An address of this attempt's own: a retry's link must not be for an account that exists.
    const email = `${uniqueName('kemal').toLowerCase()}@anadolu-sarj.example`;
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('Company name').fill('Anadolu Şarj');
    await page.getByLabel('First name').fill('Kemal');
    await page.getByLabel('Last name').fill('Arslan');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('anadolu-2025');
    await screenshot(page, 'register');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The same answer whether the address has an account: the e-mailed link creates it.
    await page.getByTestId('register-sent').getByText('Check your inbox').waitFor();
    const link = new URL(await registerLinkFor(server.dataDir, email));
    expect(link.pathname).toBe('/auth/register/confirm');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByTestId('user-menu').getByText('Kemal Arslan').waitFor();
    expect(await token(page)).toBeTruthy();
    await context.close();
  });
});
