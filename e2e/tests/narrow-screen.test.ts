import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot, signInAs } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

// A support team on a 1024 px laptop: the side nav folds by itself, the lists fit without a
// sideways scroll, and the Turkish menu shows its labels whole.

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // A day of demo history, so the sessions list has rows with energy.
  [server, browser] = await Promise.all([startServer({ DEMO_HISTORY_DAYS: '1' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function narrowPage(locale: 'en' | 'tr' = 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1024, height: 768 },
    locale: 'en-US',
  });
  context.setDefaultTimeout(20_000);
  await context.addInitScript((lng) => {
    localStorage.setItem('FELOCALE', lng);
    localStorage.setItem('BELOCALE', lng);
  }, locale);
  return { context, page: await context.newPage() };
}

/** Boxes in `selector` whose content is wider than the box: cut, or scrolling sideways. */
const overflowing = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((els) =>
      els
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => `${el.textContent?.trim().slice(0, 40) ?? ''}: ${el.scrollWidth} > ${el.clientWidth}`),
    );

/** The page itself scrolls sideways. */
const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('the portal at 1024 px', () => {
  it('folds the side nav by itself; the header button still unfolds it', async () => {
    const { context, page } = await narrowPage();
    try {
      await signInAs(page, 'admin@voltline.local', '/portal/management/device');
      const nav = page.getByTestId('side-nav');
      await expect.poll(async () => (await nav.boundingBox())?.width).toBe(80);
      // Folded, the nav shows its icons only: no group stands open as a popup over the screen.
      expect(await page.locator('.ant-menu-submenu-popup').filter({ visible: true }).count()).toBe(0);
      await page.getByRole('button', { name: 'Expand navigation' }).click();
      await expect.poll(async () => (await nav.boundingBox())?.width).toBe(250);
    } finally {
      await context.close();
    }
  });

  it('shows the charge point list without a sideways scroll', async () => {
    const { context, page } = await narrowPage();
    try {
      await signInAs(page, 'admin@voltline.local', '/portal/management/device');
      await page.locator('[data-testid="cp-table"] tbody tr.ant-table-row').first().waitFor();
      await screenshot(page, 'narrow-charge-points');
      expect(
        await overflowing(page, '[data-testid="cp-table"] :is(.ant-table-content, .ant-table-body)'),
      ).toEqual([]);
      expect(await pageScrollsSideways(page)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('shows the Energy column of the sessions whole', async () => {
    const { context, page } = await narrowPage();
    try {
      await signInAs(page, 'admin@voltline.local', '/portal/reports/chargingsessions?tab=all');
      await page.locator('[data-testid="session-table"] tbody tr.ant-table-row').first().waitFor();
      await screenshot(page, 'narrow-sessions');
      const table = '[data-testid="session-table"]';
      expect(await overflowing(page, `${table} :is(.ant-table-content, .ant-table-body)`)).toEqual([]);
      const energy = page.locator(`${table} thead th`, { hasText: 'Energy' });
      await expect.poll(() => energy.isVisible()).toBe(true);
      expect(await overflowing(page, `${table} thead th`)).toEqual([]);
      expect(await overflowing(page, `${table} [data-testid="session-energy"]`)).toEqual([]);
      expect(await pageScrollsSideways(page)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('shows every Turkish menu label whole', async () => {
    const { context, page } = await narrowPage('tr');
    try {
      await signInAs(page, 'admin@voltline.local', '/portal/management/device');
      await page.getByRole('button', { name: 'Menüyü genişlet' }).click();
      // Open every group of the menu, so each label is drawn.
      const closed = page.locator(
        '[data-testid="side-nav"] .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title',
      );
      while ((await closed.count()) > 0) await closed.first().click();
      await page
        .getByTestId('side-nav')
        .getByRole('menuitem', { name: 'İstasyon donanım yazılımları' })
        .waitFor();
      await screenshot(page, 'narrow-menu-tr');
      expect(await overflowing(page, '[data-testid="side-nav"] .ant-menu-title-content')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
