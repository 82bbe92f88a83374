import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startCharger, startCharger201, type SimCharger, type SimCharger201 } from '@voltline/simulator';
import {
  api,
  checkSurely,
  launchBrowser,
  newPage,
  pick,
  screenshot,
  signInAs,
  uniqueName,
} from '../support/browser';
import { startServer, type TestServer } from '../support/server';

// L01/L02 in the portal: one firmware campaign over an OCPP 1.6 charger and an OCPP 2.0.1 station,
// followed to the version each reports after its reboot.

let server: TestServer;
let browser: Browser;
const chargers: Array<SimCharger | SimCharger201> = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all(chargers.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await server?.stop();
});

/** A charge point created through the API, and its simulated charger of either protocol on firmware 1.0.0. */
async function connected(page: Page, id: string, v201: boolean) {
  const [operator] = await api<{ id: number }[]>(page, 'GET', 'portal/operator/lookup');
  const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
    chargePointId: id,
    name: `${id} Üsküdar`,
    operatorId: operator?.id,
    connectorCount: 1,
  });
  const o = {
    url: creds.ocppUrl.slice(0, -(id.length + 1)),
    id,
    password: creds.password,
    vendor: 'Voltline',
    model: 'VL-22',
    firmware: '1.0.0',
    connectors: 1,
    // Download, install and the reboot after it in a few real seconds.
    speed: 10,
    rebootDelay: 0.5,
  };
  const charger = v201 ? await startCharger201(o) : await startCharger(o);
  chargers.push(charger);
  return charger;
}

describe('firmware across protocols', () => {
  it('L01/L02 a campaign over a 1.6 charger and a 2.0.1 station runs to the end in the portal', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/device');
    const base = uniqueName('E2E-FWMIX');
    const ids = [`${base}-16`, `${base}-201`];
    const [old, neu] = [await connected(page, ids[0]!, false), await connected(page, ids[1]!, true)];

    await page.getByRole('menuitem', { name: 'Firmware upload' }).click();
    await page.waitForURL('**/portal/management/firmware/upload');
    const image = Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(64 * 1024)]);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'voltline-7.7.7.zip', mimeType: 'application/zip', buffer: image });
    await page.getByTestId('fw-picked').getByText('voltline-7.7.7.zip').waitFor();
    await page.getByTestId('fw-version').fill('7.7.7');
    await page.getByTestId('fw-upload').click();
    await page.getByTestId('fw-table').getByText('voltline-7.7.7.zip').first().waitFor();

    await page.getByRole('menuitem', { name: 'Firmware update' }).click();
    await page.waitForURL('**/portal/management/firmware/update');
    await pick(page, 'fw-campaign-image', '7.7.7 · voltline-7.7.7.zip');
    await page.getByPlaceholder('Charge point ID or name').fill(base);
    await page.getByPlaceholder('Charge point ID or name').press('Enter');
    const picker = page.getByTestId('fw-picker-table');
    for (const id of ids) await checkSurely(picker.getByRole('checkbox', { name: id, exact: true }));
    await page.getByTestId('fw-selected-count').getByText('2 charge points chosen').waitFor();
    await page.getByTestId('fw-campaign-name').fill(`Mixed ${base}`);
    await page.getByTestId('fw-start').click();

    // Both chargers, whatever their protocol, reach the version their reboot reports.
    await page.waitForURL('**/portal/management/firmware/update?campaign=*');
    const targets = page.getByTestId('fw-campaign-drawer').getByTestId('fw-target-table');
    await expect.poll(() => targets.locator('tbody tr[data-row-key]').count()).toBe(2);
    await expect
      .poll(() => targets.locator('[data-state="confirmed"]').count(), { timeout: 90_000, interval: 1_000 })
      .toBe(2);
    await expect
      .poll(() => targets.getByTestId('fw-version-after').allInnerTexts())
      .toEqual(['7.7.7', '7.7.7']);
    for (const id of ids)
      await targets.getByRole('row').filter({ hasText: id }).getByText('Installed and confirmed').waitFor();
    expect([old.firmwareVersion, neu.firmwareVersion]).toEqual(['7.7.7', '7.7.7']);
    await screenshot(page, 'firmware-mixed-campaign');
    await page.getByTestId('fw-campaign-drawer').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('fw-campaign-table').getByText(`Mixed ${base}`).waitFor();
  });
});
