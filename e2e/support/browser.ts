import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { API, STORAGE_KEYS } from '@voltline/contract';
import { pickMenuItem } from './clicks';
import { SCREENSHOTS } from './paths';

// Choosing in menus, selects and dialogs lives in clicks.ts; tests take it from here too.
export * from './clicks';

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
  await pickMenuItem(
    () => page.getByTestId('user-menu').click({ timeout: 2_000 }),
    page.getByRole('menuitem', { name: 'Sign out' }),
    () => Promise.resolve(new URL(page.url()).pathname.startsWith('/auth/login')),
    30_000,
  );
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
