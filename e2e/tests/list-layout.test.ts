import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signInAs } from '../support/browser';
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

/** What a user sees of a table: row heights, header texts, and which columns show nothing at all. */
function layoutOf(table: Locator) {
  return table.evaluate((el) => {
    const rows = Array.from(el.querySelectorAll<HTMLTableRowElement>('tbody tr.ant-table-row'));
    const headers = Array.from(el.querySelectorAll<HTMLTableCellElement>('thead th'));
    const shows = (cell: Element | undefined) =>
      Boolean(
        cell && (cell.textContent?.trim() || cell.querySelector('svg, img, button, a, input, .ant-tag')),
      );
    const content = el.querySelector<HTMLElement>('.ant-table-content');
    return {
      rowHeights: rows.map((r) => r.getBoundingClientRect().height),
      headers: headers.map((h) => h.textContent?.trim() ?? ''),
      emptyColumns: headers
        .map((_, i) => i)
        .filter((i) => rows.length > 0 && rows.every((r) => !shows(r.cells[i]))),
      actionsPinned: headers.at(-1)?.classList.contains('ant-table-cell-fix-end') ?? false,
      scrollsSideways: content ? content.scrollWidth > content.clientWidth : false,
    };
  });
}

describe('list screens', () => {
  // One line of text is 22 px, plus the 12 px padding above and below; a 32 px icon button makes
  // a row 57 px. A second line of text would make it at least 68 px.
  const ONE_LINE_MAX = 62;

  for (const width of [1440, 1024]) {
    it(`shows charge points one line per row, without empty columns, at ${width} px`, async () => {
      const { context, page } = await newPage(browser, server.url);
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, 'admin@voltline.local', '/portal/management/device');
      const table = page.getByTestId('cp-table');
      await table.locator('tbody tr.ant-table-row').first().waitFor();
      await screenshot(page, `charge-points-list-${width}`);

      const layout = await layoutOf(table);
      expect(layout.rowHeights.length).toBeGreaterThan(0);
      for (const h of layout.rowHeights) expect(h).toBeLessThan(ONE_LINE_MAX);
      expect(layout.headers.filter((h) => h === '')).toEqual([]);
      expect(layout.emptyColumns).toEqual([]);
      expect(layout.actionsPinned).toBe(true);
      // The list fits a tablet's 1024 px: columns it cannot show are on the detail page (issue #34).
      if (width === 1024) expect(layout.scrollsSideways).toBe(false);
      await context.close();
    });
  }

  it('writes dates one way per language, on the 24-hour clock', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/user');
    const adminRow = page
      .getByTestId('user-table')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: 'admin@voltline.local' });
    // The admin has just signed in: the last sign-in is a date and a time, e.g. "23 Nov 2026 17:05".
    const lastSignIn = adminRow.locator('bdi');
    await lastSignIn.waitFor();
    expect(await lastSignIn.innerText()).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/);

    await page.evaluate(() => localStorage.setItem('FELOCALE', 'tr'));
    await page.reload();
    await page.getByRole('heading', { name: 'Kullanıcılar' }).waitFor();
    await lastSignIn.waitFor();
    expect(await lastSignIn.innerText()).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    await context.close();
  });
});
