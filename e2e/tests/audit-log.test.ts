import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  launchBrowser,
  newPage,
  pickBySearch,
  screenshot,
  signInAs,
  signOut,
  uniqueName,
} from '../support/browser';
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

const rows = (page: Page) => page.getByTestId('audit-log-table').locator('tbody tr.ant-table-row');

async function openAuditLog(page: Page): Promise<void> {
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  await page.waitForURL('**/portal/logs/auditlogs');
  await rows(page).first().waitFor();
}

describe('the audit log', () => {
  it('reads an Admin’s tariff price change in words, filtered by user; Finance opens it too', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');

    // A tariff of İstanbul at 7.50 per kWh, whose price the Admin then changes in the form.
    const name = uniqueName('E2E Audit Tariff');
    const operators = await api<{ id: number; name: string }[]>(page, 'GET', 'portal/operator/lookup');
    const tariff = await api<{ id: number }>(page, 'POST', 'portal/tariff', {
      name,
      operatorId: operators.find((o) => o.name === 'Voltline İstanbul')?.id,
      type: 'AC',
      paymentType: 'Postpaid',
      pricePerKwh: 750,
    });
    await page.goto(`/portal/management/tariff/edit/${tariff.id}`);
    await page.getByLabel('Price per kWh', { exact: true }).fill('8.25');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/portal\/management\/tariff\/detail\/\d+$/);

    await openAuditLog(page);
    await pickBySearch(
      page,
      page.getByTestId('audit-filter-user'),
      'admin',
      'Admin Voltline (admin@voltline.local)',
    );
    await page.waitForURL(/userId=\d+/);
    const change = rows(page).filter({ hasText: 'Updated' }).filter({ hasText: name });
    await change.waitFor();
    expect(await change.innerText()).toContain('Tariff');
    expect(await change.innerText()).toContain('Price per kWh: ₺7.50 → ₺8.25');

    await change.locator('.ant-table-row-expand-icon').click();
    const details = page.getByTestId('audit-changes');
    await details.waitFor();
    const priceRow = details.locator('tr', { hasText: 'Price per kWh' });
    await expect.poll(() => priceRow.innerText()).toMatch(/Price per kWh\s+₺7\.50\s+₺8\.25/);
    await screenshot(page, 'audit-log');
    // The record's name opens its screen.
    expect(await change.getByRole('link', { name }).getAttribute('href')).toBe(
      `/portal/management/tariff/detail/${tariff.id}`,
    );

    // Finance may read the audit log: the menu offers it and the change is there.
    await signOut(page);
    await signInAs(page, 'finance@voltline.local', '/portal/reports/chargingsessions');
    await openAuditLog(page);
    await rows(page).filter({ hasText: name }).first().waitFor();

    // A role without auditLogs:read is not offered the screen.
    await signOut(page);
    await signInAs(page, 'support@voltline.local', '/portal/logs/ocpp');
    await page.getByRole('menuitem', { name: 'OCPP messages' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Audit log' }).count()).toBe(0);
    await context.close();
  });
});
