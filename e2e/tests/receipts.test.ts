import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, Download, Page } from 'playwright-core';
import type { SimCharger } from '@voltline/simulator';
import { api, launchBrowser, newPage, screenshot, signInAs, uniqueName } from '../support/browser';
import { cardOfTheAttempt, chargerWithTariff, endLeftovers } from '../support/charger';
import { startServer, type TestServer } from '../support/server';

// A billed session's receipt from the session's drawer, and a driver's monthly statement from
// their page: files the staff hand to a driver who asks.

let server: TestServer;
let browser: Browser;
const chargers: SimCharger[] = [];
const OPERATOR = 'Voltline İstanbul';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await endLeftovers(chargers);
  await browser?.close();
  await server?.stop();
});

/** Clicks `button` until the browser starts a download, and returns it. */
async function downloadFrom(page: Page, button: string): Promise<Download> {
  let file: Download | undefined;
  const take = (d: Download) => (file = d);
  page.on('download', take);
  await expect
    .poll(
      async () => {
        if (!file)
          await page
            .getByTestId(button)
            .click({ timeout: 2_000 })
            .catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        return file !== undefined;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  page.off('download', take);
  return file as Download;
}

describe('receipts and statements', () => {
  it('downloads a billed session’s receipt from its drawer, and the driver’s statement of the month', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const card = await cardOfTheAttempt(page, OPERATOR, 'E2ERCPT');
    const charger = await chargerWithTariff(page, {
      id: uniqueName('E2E-RCPT'),
      operator: OPERATOR,
      site: 'Receipt bay',
      connectorCount: 1,
      tariff: { name: 'E2E Receipt AC', price: 850, fixed: 200 },
      charger: { speed: 60, config: { MeterValueSampleInterval: '30' } },
    });
    chargers.push(charger);
    const start = await charger.startSession(1, card);
    expect(start.status).toBe('Accepted');
    const id = start.transactionId ?? 0;
    const session = (path = `portal/Transaction/${id}`) =>
      api<{ state: string; energyWh: number; cost: number | null; driverId: number; startedAt: string }>(
        page,
        'GET',
        path,
      );
    await expect
      .poll(async () => (await session()).energyWh, { timeout: 60_000, interval: 1000 })
      .toBeGreaterThan(100);
    charger.stopSession(1);
    await expect.poll(async () => (await session()).cost, { timeout: 15_000 }).not.toBeNull();

    // The drawer of a billed session offers its receipt; the file is a PDF named by the session.
    await page.goto(`/portal/reports/chargingsessions?tab=all&session=${id}`);
    await page.getByTestId('session-drawer').getByTestId('session-receipt').waitFor();
    await screenshot(page, 'session-receipt-button');
    const receipt = await downloadFrom(page, 'session-receipt');
    expect(receipt.suggestedFilename()).toBe(`receipt-${id}.pdf`);
    expect(
      readFileSync(await receipt.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The driver's page: the month's statement, as Excel.
    const { driverId } = await session();
    await page.goto(`/portal/management/driver/detail/${driverId}`);
    await page.getByRole('tab', { name: 'Charging sessions' }).click();
    await page.getByTestId('driver-statement').waitFor();
    await screenshot(page, 'driver-statement');
    // The picker opens on the browser's month; the statement of any month is a file of its own.
    const month = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    });
    const statement = await downloadFrom(page, 'statement-xlsx');
    expect(statement.suggestedFilename()).toBe(`statement-${driverId}-${month}.xlsx`);
    expect(
      readFileSync(await statement.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});
