import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { startCharger, type SimCharger } from '@voltline/simulator';
import {
  api,
  launchBrowser,
  newPage,
  pickBySearch,
  screenshot,
  signInAs,
  uniqueName,
} from '../support/browser';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let charger: SimCharger | undefined;

const NAME = 'Workshop bay';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await charger?.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

const rows = (page: Page) => page.getByTestId('maintenance-table').locator('tbody tr.ant-table-row');

describe('the maintenance log', () => {
  it('shows a simulated charger’s fault in words, takes a technician’s entry and exports both to Excel', async () => {
    // This attempt's own charge point; the first attempt's charger, if any, goes.
    await charger?.close().catch(() => undefined);
    const CP = uniqueName('MNT-E2E');
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/device');
    const me = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
    const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
      chargePointId: CP,
      name: NAME,
      operatorId: me.operatorId,
      connectorCount: 2,
    });
    charger = await startCharger({
      url: creds.ocppUrl.slice(0, -(CP.length + 1)),
      id: CP,
      password: creds.password,
    });

    // The charger reports a ground fault on connector 1; Voltline records it by itself.
    charger.fault(1, 'GroundFailure');
    await expect
      .poll(
        async () =>
          (
            await api<{ items: { type: string }[] }>(
              page,
              'GET',
              `messageTrace/MaintenanceLogs?ChargePointId=${CP}`,
            )
          ).items.some((e) => e.type === 'fault'),
        { timeout: 15_000 },
      )
      .toBe(true);

    await page.getByRole('menuitem', { name: 'Maintenance log' }).click();
    await page.waitForURL('**/portal/logs/maintenancelogs');
    // This charge point's rows: a retry also lists the first attempt's.
    const fault = rows(page).filter({ hasText: 'Connector 1: Ground fault' }).filter({ hasText: CP });
    await fault.waitFor();
    expect(await fault.innerText()).toContain(CP);
    expect(await fault.innerText()).toContain('Fault');
    expect(await fault.innerText()).not.toContain('GroundFailure');

    // A technician's repair, added from the screen.
    await page.getByTestId('maintenance-add').click();
    await pickBySearch(page, page.getByTestId('maintenance-form-charge-point'), CP, `${NAME} (${CP})`);
    await page.getByTestId('maintenance-form-type').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Repair', { exact: true }).click();
    await page.getByTestId('maintenance-form-description').fill('Replaced the earth leakage relay');
    await page.getByTestId('maintenance-form-technician').fill('Ali Usta');
    await page.getByTestId('maintenance-save').click();
    const repair = rows(page).filter({ hasText: 'Replaced the earth leakage relay' }).filter({ hasText: CP });
    await repair.waitFor();
    expect(await repair.innerText()).toContain('Ali Usta');
    expect(await repair.innerText()).toContain('Repair');
    await screenshot(page, 'maintenance-log');

    // The charge point's own Maintenance tab holds both.
    await page.goto(`/portal/management/device/detail/${CP}?tab=maintenance`);
    const tab = page.getByTestId('charger-maintenance-table');
    await tab.getByText('Replaced the earth leakage relay').waitFor();
    await tab.getByText('Connector 1: Ground fault').first().waitFor();
    // The same history in Turkish: the fault in words, the charger's code nowhere.
    await page.evaluate(() => {
      localStorage.setItem('FELOCALE', 'tr');
      localStorage.setItem('BELOCALE', 'tr');
    });
    await page.reload();
    await tab.getByText('Soket 1: Topraklama arızası').first().waitFor();
    expect(await tab.innerText()).toContain('Onarım');
    expect(await tab.innerText()).not.toContain('GroundFailure');
    await screenshot(page, 'maintenance-tab-tr');
    await page.evaluate(() => {
      localStorage.setItem('FELOCALE', 'en');
      localStorage.setItem('BELOCALE', 'en');
    });

    // The charger's entries as an Excel file, values in words.
    await page.goto(`/portal/logs/maintenancelogs?chargePointId=${CP}`);
    await rows(page).first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-excel').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^maintenance-log-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
    const cells = (book.worksheets[0]?.getSheetValues() ?? [])
      .flatMap((row) => (Array.isArray(row) ? row : []))
      .map((c) => (typeof c === 'string' || typeof c === 'number' ? String(c) : ''));
    expect(cells).toContain('Replaced the earth leakage relay');
    expect(cells).toContain('Ali Usta');
    expect(cells).toContain('Repair');
    expect(cells.some((c) => c.startsWith('Ground fault'))).toBe(true);
    await context.close();
  });
});
