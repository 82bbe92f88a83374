import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { startCharger, type SimCharger } from '@voltline/simulator';
import { api, launchBrowser, newPage, screenshot, signInAs, uniqueName } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let charger: SimCharger | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await charger?.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

/** A local time as the range picker takes it typed: 2026-11-28 14:05:00. */
const typed = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

type Report = {
  month: string;
  chargePoints: {
    chargePointId: string;
    connectors: { connectorId: number; outageMinutes: number; excludedMinutes: number; uptime: number }[];
  }[];
};

describe('uptime as regulators count it', () => {
  it("counts a simulated charger's fault as outage, excludes staff's vandalism, and reports the month with its Excel", async () => {
    await charger?.close().catch(() => undefined);
    const CP = uniqueName('UPT-E2E');
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/device');
    const me = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
    const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
      chargePointId: CP,
      name: 'Uptime bay',
      operatorId: me.operatorId,
      connectorCount: 2,
    });
    charger = await startCharger({
      url: creds.ocppUrl.slice(0, -(CP.length + 1)),
      id: CP,
      password: creds.password,
    });

    // Connector 1 faults for a few seconds: down for a large share of the charge point's short life.
    charger.fault(1, 'GroundFailure');
    await new Promise((r) => setTimeout(r, 5000));
    charger.clearFault(1);
    const month = await page.evaluate(() =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit' })
        .format(new Date())
        .slice(0, 7),
    );
    const connector1 = async () =>
      (
        await api<Report>(page, 'GET', `portal/uptime/report?month=${month}&operatorId=${me.operatorId}`)
      ).chargePoints.find((c) => c.chargePointId === CP)?.connectors[0];
    await expect.poll(async () => (await connector1())?.outageMinutes ?? 0).toBeGreaterThan(0.02);

    // The Uptime screen shows connector 1 red, under the 97 % target.
    await page.goto(`/portal/dashboards/uptime?month=${month}&operatorId=${me.operatorId}`);
    const table = page.getByTestId('uptime-table');
    const cpRow = table.locator('tr.ant-table-row').filter({ hasText: CP });
    await cpRow.waitFor();
    const c1 = cpRow.locator('xpath=following-sibling::tr[1]');
    expect(await c1.innerText()).toContain('Connector 1');
    expect(await c1.locator('.ant-typography-danger').count()).toBe(1);
    await screenshot(page, 'uptime-report');

    // Staff exclude the time of the fault as vandalism on the charge point's page.
    await page.goto(`/portal/management/device/detail/${CP}?tab=analytics`);
    const form = page.getByTestId('uptime-exclusion-form');
    await form.waitFor();
    await form.getByLabel('Reason').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Vandalism', { exact: true }).click();
    const now = Date.now();
    const inputs = form.locator('.ant-picker-range input');
    // Each end typed and confirmed with the picker's OK (Enter would also submit the form).
    const ok = page.locator('.ant-picker-dropdown:visible .ant-picker-ok button');
    await inputs.nth(0).click();
    await inputs.nth(0).fill(typed(new Date(now - 3_600_000)));
    await ok.click();
    await inputs.nth(1).fill(typed(new Date(now + 3_600_000)));
    await ok.click();
    await form.getByRole('button', { name: 'Exclude' }).click();
    const list = page.getByTestId('uptime-exclusions');
    await list.getByText('Vandalism').waitFor();
    expect(await list.getByText('Vandalism').count()).toBe(1);
    expect((await connector1())?.excludedMinutes).toBeCloseTo((await connector1())!.outageMinutes, 6);
    expect((await connector1())?.uptime).toBe(100);
    await screenshot(page, 'uptime-exclusions');

    // The month as Excel: the charge point's connectors with the same figures.
    await page.goto(`/portal/dashboards/uptime?month=${month}&operatorId=${me.operatorId}`);
    await page.getByTestId('uptime-table').locator('tr.ant-table-row').filter({ hasText: CP }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('uptime-excel').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`uptime-${month}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]?.getSheetValues() ?? []).filter(Array.isArray) as unknown[][];
    const line = rows.find((r) => r[1] === CP && r[3] === '1');
    expect(line?.[7]).toBe(100);

    // Deleted, the exclusion no longer counts.
    await page.goto(`/portal/management/device/detail/${CP}?tab=analytics`);
    await list.getByText('Vandalism').waitFor();
    await list.getByRole('button', { name: 'Delete the excluded downtime' }).click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await list.getByText('Vandalism').waitFor({ state: 'detached' });
    expect((await connector1())?.excludedMinutes).toBe(0);
    await context.close();
  });
});
