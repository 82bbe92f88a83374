import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { API, STORAGE_KEYS } from '@voltline/contract';
import { SCREENSHOTS } from './paths';

export const DEMO_PASSWORD = 'voltline-demo1';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
  });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  openPages.add(page);
  page.once('close', () => openPages.delete(page));
  return { context, page };
}

const openPages = new Set<Page>();
const errorsSeen = new Map<string, number>();

/**
 * A failed test leaves a picture of each page it had open (screenshots/FAILED-<test>-<n>.png);
 * contexts a failed test left open are closed before the next test.
 */
afterEach(async ({ task }) => {
  // Errors of earlier attempts stay on the task; this attempt failed if it added one.
  const errors = task.result?.errors ?? [];
  const failed = errors.length > (errorsSeen.get(task.id) ?? 0);
  errorsSeen.set(task.id, errors.length);
  if (failed) {
    const attempt = (task.result?.retryCount ?? 0) + 1;
    console.warn(`FAILED (attempt ${attempt}): ${task.name}\n${errors.at(-1)?.message ?? ''}`);
  }
  let n = 0;
  for (const page of openPages) {
    if (failed) {
      const name = `FAILED-${task.name.replace(/[^a-z0-9]+/gi, '-')}-${n++}`;
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) }).catch(() => undefined);
    }
    await page
      .context()
      .close()
      .catch(() => undefined);
  }
  openPages.clear();
});

/** Signs in through the form, as a user would, and waits for the signed-in frame. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/auth/login')) await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-menu').waitFor();
}

/** An empty page on the portal's origin, answered by the browser itself: a place to write storage. */
const BLANK = '/e2e-blank';

/**
 * Signs in through the API, puts the token where the portal keeps it (as its sign-in form does)
 * and opens `path` directly, signed in; without `path` the page stays on a blank page of the
 * portal's origin, from which `api()` works. The form itself is the auth tests' (`signIn`); the
 * rest skip it and the analytics page it lands on, which loads the chart library.
 */
export async function signInAs(
  page: Page,
  email: string,
  path?: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.route(`**${BLANK}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Voltline e2e</title>' }),
  );
  await page.goto(BLANK);
  await page.unroute(`**${BLANK}`);
  await page.evaluate(
    async ({ email, password, login, key }) => {
      const res = await fetch(`/api/${login}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ Email: email, Password: password }),
      });
      if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
      const { data } = (await res.json()) as { data: { token: string } };
      localStorage.setItem(key, data.token);
    },
    { email, password, login: API.auth.login, key: STORAGE_KEYS.token },
  );
  if (path !== undefined) {
    await page.goto(path);
    await page.getByTestId('user-menu').waitFor();
  }
}

/** The user list, opened from the menu as a user would. */
export async function openUsers(page: Page): Promise<void> {
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await page.waitForURL('**/portal/management/user');
  await page.getByTestId('user-table').waitFor();
}

export async function signOut(page: Page): Promise<void> {
  // A click on the user menu while it opens is lost: the menu is opened and the item picked again
  // until the sign-in page is there.
  const signedOut = () => new URL(page.url()).pathname.startsWith('/auth/login');
  const item = page.getByRole('menuitem', { name: 'Sign out' });
  await expect
    .poll(
      async () => {
        if (signedOut()) return true;
        if (await item.isVisible()) await item.click({ timeout: 2_000 }).catch(() => undefined);
        else
          await page
            .getByTestId('user-menu')
            .click({ timeout: 2_000 })
            .catch(() => undefined);
        await page.waitForURL('**/auth/login', { timeout: 3_000 }).catch(() => undefined);
        return signedOut();
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  // Let notices and transitions settle so the picture shows the screen, not an animation frame.
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

export const token = (page: Page): Promise<string | null> =>
  page.evaluate(() => window.localStorage.getItem('auth_token'));

/**
 * A name of this attempt's own (`E2E-CP-K3F9`): a failed test runs once more against the same
 * server, and must not trip over what its first attempt created.
 */
export const uniqueName = (base: string): string =>
  `${base}-${Date.now().toString(36).slice(-4).toUpperCase()}`;

/**
 * Picks a remote command from a charge point's Commands menu. A click that lands while the menu
 * is still opening is lost (the menu stays open and no dialog comes), so the item is clicked
 * until the menu has closed.
 */
export async function chooseCommand(page: Page, name: string): Promise<void> {
  await page.getByTestId('cp-commands').click();
  // The item's name is its icon's label and its text: match the text whole, so "Trigger message"
  // is not also "Trigger message (security)".
  const whole = new RegExp(`(^|\\s)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const item = page.getByRole('menuitem', { name: whole });
  await item.waitFor();
  await expect
    .poll(
      async () => {
        if (await item.isVisible()) await item.click({ timeout: 2_000 }).catch(() => undefined);
        return item.isVisible();
      },
      { timeout: 15_000, interval: 1_000 },
    )
    .toBe(false);
}

/**
 * Opens a dropdown menu with `open`, picks `item` in it and waits until `opened` (the dialog the
 * item opens) shows. On a loaded machine a click can land while the menu is still opening, and a
 * live table can redraw the row and close the menu before the click: then the menu is opened and
 * the item picked again, until the dialog is there.
 */
export async function pickMenuItem(
  open: () => Promise<void>,
  item: Locator,
  opened: Locator,
  timeout = 20_000,
): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await opened.isVisible()) return true;
        if (await item.isVisible()) await item.click({ timeout: 2_000 }).catch(() => undefined);
        else await open().catch(() => undefined);
        return opened.isVisible();
      },
      { timeout, interval: 1_000 },
    )
    .toBe(true);
}

/**
 * Picks `option` in the Ant Design select with this test id. A click that lands while the dropdown
 * is still opening (or closing after another select) is lost, and the select keeps its old value;
 * so the pick is repeated until the select shows the option. An option already chosen (in a select
 * of several values) is not clicked again, which would take it away.
 */
export async function pick(page: Page, testId: string, option: string): Promise<void> {
  const select = page.getByTestId(testId);
  // A single select shows its value as the content's text; a select of several values, as items.
  const shown = new RegExp(`^\\s*${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  const chosen = async () =>
    (await select
      .locator('.ant-select-content-has-value, .ant-select-selection-item', { hasText: shown })
      .count()) > 0;
  await expect
    .poll(
      async () => {
        if (await chosen()) return true;
        if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await select.click();
        await page
          .locator('.ant-select-dropdown:visible')
          .getByTitle(option, { exact: true })
          .first()
          .click({ timeout: 5_000 })
          .catch(() => undefined);
        return chosen();
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
}

/** Opens a select that searches the server, types `text` and picks `title` from what it found. */
export async function pickBySearch(page: Page, field: Locator, text: string, title: string): Promise<void> {
  await field.click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true }).click();
}

/** Calls the API with the signed-in user's token, as the portal does. */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api/${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('auth_token') ?? ''}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { data: unknown; error?: string };
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.error ?? ''}`);
      return json.data;
    },
    { method, path, body },
  ) as Promise<T>;
}

/**
 * Switches the portal to Turkish from the header's language menu. A click on the menu while it
 * opens is lost, so the pick is repeated until the page speaks Turkish.
 */
export async function switchToTurkish(page: Page): Promise<void> {
  const turkish = page.getByRole('menuitem', { name: 'Türkçe' });
  await expect
    .poll(
      async () => {
        if (!(await turkish.isVisible()))
          await page
            .getByTestId('language-switch')
            .click({ timeout: 2_000 })
            .catch(() => undefined);
        await turkish.click({ timeout: 2_000 }).catch(() => undefined);
        return page.evaluate(() => document.documentElement.lang);
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe('tr');
}

/**
 * Checks a radio button or checkbox. A click that lands while its dialog is still opening (or
 * its list redraws) does not change it, and Playwright's check() then fails at once; so the box
 * is clicked again until it shows checked.
 */
export async function checkSurely(box: Locator): Promise<void> {
  const checked = () => box.isChecked({ timeout: 2_000 }).catch(() => false);
  await expect
    .poll(
      async () => {
        if (await checked()) return true;
        await box.check({ timeout: 2_000 }).catch(() => undefined);
        return checked();
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
}

/**
 * Presses `button` of the open confirmation dialog and waits for the dialog to close. A click
 * that lands while the dialog is still opening is lost, so it is pressed again, but only once
 * the dialog has had seconds to close: a press it took is never repeated.
 */
export async function confirmWith(page: Page, button: string): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm:visible');
  const press = dialog.getByRole('button', { name: button });
  await press.waitFor();
  await expect
    .poll(
      async () => {
        if ((await dialog.count()) === 0) return true;
        await press.click({ timeout: 2_000 }).catch(() => undefined);
        await dialog
          .first()
          .waitFor({ state: 'hidden', timeout: 3_000 })
          .catch(() => undefined);
        return (await dialog.count()) === 0;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
}

/** Follows `link` to an address matching `url`; a click while its dialog still opens is lost. */
export async function followLink(page: Page, link: Locator, url: RegExp): Promise<void> {
  await expect
    .poll(
      async () => {
        if (url.test(page.url())) return true;
        await link.click({ timeout: 2_000 }).catch(() => undefined);
        await page.waitForURL(url, { timeout: 3_000 }).catch(() => undefined);
        return url.test(page.url());
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
}
