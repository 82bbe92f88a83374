import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startCharger, type SimCharger } from '@voltline/simulator';
import {
  api,
  chooseCommand,
  followLink,
  launchBrowser,
  newPage,
  screenshot,
  signInAs,
  uniqueName,
} from '../support/browser';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
const chargers: SimCharger[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all(chargers.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await server?.stop();
});

/** A charge point of Voltline İstanbul, created through the API, with its simulated charger connected. */
async function connectedCharger(page: Page, id: string): Promise<SimCharger> {
  const operators = await api<{ id: number; name: string }[]>(page, 'GET', 'portal/operator/lookup');
  const operatorId = operators.find((op) => op.name === 'Voltline İstanbul')?.id;
  const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
    chargePointId: id,
    name: `${id} Kadıköy`,
    operatorId,
    connectorCount: 1,
  });
  const charger = await startCharger({
    url: creds.ocppUrl.slice(0, -(id.length + 1)),
    id,
    password: creds.password,
  });
  chargers.push(charger);
  return charger;
}

describe('diagnostics', () => {
  it('requests diagnostics from the Commands menu and downloads the uploaded file from Logs › Diagnostics', async () => {
    const CP_ID = uniqueName('E2E-DIAG');
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    await connectedCharger(page, CP_ID);
    await page.goto(`/portal/management/device/detail/${CP_ID}`);
    await expect
      .poll(() => page.locator('h1 [data-connection]').first().getAttribute('data-connection'), {
        timeout: 15_000,
      })
      .toBe('Connected');

    await chooseCommand(page, 'Get diagnostics');
    const dialog = page.getByRole('dialog', { name: 'Get diagnostics', exact: true });
    // Voltline makes the upload location itself: the dialog asks for none.
    await dialog.getByLabel('Upload retries').waitFor();
    expect(await dialog.getByLabel(/location/i).count()).toBe(0);
    await dialog.getByLabel('Upload retries').fill('2');
    await screenshot(page, 'diagnostics-request');
    await dialog.getByRole('button', { name: 'Send' }).click();

    // The user is told where the file will be, and follows the link there.
    const sent = page.getByTestId('diagnostics-sent');
    await sent.getByText(`${CP_ID}-diagnostics-`, { exact: false }).waitFor();
    await followLink(
      page,
      sent.getByRole('link', { name: 'Logs › Diagnostics' }),
      /\/portal\/logs\/diagnostic$/,
    );
    await page.getByRole('heading', { name: 'Diagnostics' }).waitFor();
    await page.getByText('Keep files for').waitFor();

    const row = page.getByTestId('diagnostics-table').locator('tbody tr', { hasText: CP_ID });
    // The list follows an open request until the charger's upload arrived.
    await row.getByText('Uploaded', { exact: true }).waitFor({ timeout: 30_000 });
    await row.getByText('Admin Voltline').waitFor();
    await row.getByText(/\d+(\.\d)? (B|KB)$/).waitFor();
    await screenshot(page, 'diagnostics-list');

    const download = page.waitForEvent('download');
    await row.getByTestId('diagnostics-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${CP_ID}-diagnostics-.*\\.log$`));
    const content = readFileSync(await file.path(), 'utf8');
    expect(content.startsWith(`# Diagnostics of ${CP_ID}`)).toBe(true);

    // The security edition's GetLog goes the same way, and its file is listed by its kind.
    await page.goto(`/portal/management/device/detail/${CP_ID}`);
    await chooseCommand(page, 'Get log');
    const logDialog = page.getByRole('dialog', { name: 'Get log', exact: true });
    const logType = logDialog.getByTestId('get-log-type');
    // The dropdown may still be opening: pick again until the field shows the choice.
    await expect
      .poll(
        async () => {
          if (!(await logType.innerText()).includes('Security log')) {
            await logType.click();
            await page
              .locator('.ant-select-dropdown:visible')
              .getByTitle('Security log', { exact: true })
              .click({ timeout: 2_000 })
              .catch(() => undefined);
          }
          return logType.innerText();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toContain('Security log');
    await logDialog.getByRole('button', { name: 'Send' }).click();
    const logSent = page.getByTestId('diagnostics-sent');
    await logSent.getByText(`${CP_ID}-security-`, { exact: false }).waitFor();
    await followLink(
      page,
      logSent.getByRole('link', { name: 'Logs › Diagnostics' }),
      /\/portal\/logs\/diagnostic$/,
    );
    await page.getByTestId('diagnostics-filter-kind').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Security log', { exact: true }).click();
    await page.waitForURL('**kind=SecurityLog**');
    // This charge point's rows (a retry also lists the first attempt's log): only the log is listed
    // once the filter applies, and it is followed until its upload arrived.
    const rows = page.getByTestId('diagnostics-table').locator('tbody tr.ant-table-row', { hasText: CP_ID });
    await expect
      .poll(async () => ((await rows.count()) === 1 ? rows.first().innerText() : ''), { timeout: 30_000 })
      .toMatch(/Security log[\s\S]*Uploaded/);
    const logRow = rows.first();
    expect(await logRow.getByTestId('diagnostics-kind').getAttribute('data-kind')).toBe('SecurityLog');
    const logDownload = page.waitForEvent('download');
    await logRow.getByTestId('diagnostics-download').click();
    const logFile = readFileSync(await (await logDownload).path(), 'utf8');
    expect(logFile.startsWith(`# Security log of ${CP_ID}`)).toBe(true);
  });
});
