import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signInAs } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

// Issue #34: a search in the header, opened by Ctrl+K or "/", that finds what a support person
// is asked about (here a driver by e-mail), grouped by kind, opened with the keyboard; never a
// record of an operator outside the user's reach.

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('global search', () => {
  it('Ctrl+K, a driver’s e-mail, Enter: the driver’s page', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'callcenter@voltline.local', '/portal/dashboards/analytics');
    await page.keyboard.press('Control+k');
    const input = page.getByTestId('global-search-input');
    await input.waitFor();
    await input.fill('zeynep.arslan@example.com');
    const hit = page.getByTestId('global-search-hit').filter({ hasText: 'Zeynep Arslan' });
    await hit.waitFor();
    await page.getByRole('listbox').getByText('Drivers', { exact: true }).waitFor();
    expect(await hit.getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'global-search');
    await input.press('Enter');
    await page.waitForURL(/\/portal\/management\/driver\/detail\/\d+$/);
    await page.getByText('Zeynep Arslan').first().waitFor();
    // The search closes once a record is opened.
    await page.getByTestId('global-search-input').waitFor({ state: 'detached' });
  });

  it('"/" opens it; arrows move between kinds; a sibling operator’s driver is never found', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'istanbul@voltline.local', '/portal/dashboards/analytics');
    await page.keyboard.press('/');
    const input = page.getByTestId('global-search-input');
    await input.fill('murat.ozturk');
    await page.getByText('Nothing found that you may see.').waitFor();
    // Two kinds for one text: Ali the driver, and "Ali's card" below him.
    await input.fill('ali');
    await page.getByRole('listbox').getByText('Cards', { exact: true }).waitFor();
    await input.press('ArrowDown');
    const selected = page.getByRole('option', { selected: true });
    expect(await selected.innerText()).toContain('DEMO0001');
    await input.press('Enter');
    await page.waitForURL(/\/portal\/management\/driver\/detail\/\d+$/);
    await page.getByText('Ali Yılmaz').first().waitFor();
  });
});
