import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startCharger, type SimCharger } from '@voltline/simulator';
import {
  api,
  checkSurely,
  chooseCommand,
  launchBrowser,
  newPage,
  pick,
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

/** A charge point created through the API as staff would, and its simulated charger on firmware 1.0.0. */
async function connectedCharger(page: Page, id: string): Promise<SimCharger> {
  const [operator] = await api<{ id: number }[]>(page, 'GET', 'portal/operator/lookup');
  const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
    chargePointId: id,
    name: `${id} Kadıköy`,
    operatorId: operator?.id,
    connectorCount: 1,
  });
  const charger = await startCharger({
    url: creds.ocppUrl.slice(0, -(id.length + 1)),
    id,
    password: creds.password,
    vendor: 'Voltline',
    model: 'VL-22',
    firmware: '1.0.0',
    connectors: 1,
    // Download, install and the reboot after it in a few real seconds.
    speed: 10,
  });
  chargers.push(charger);
  return charger;
}

describe('firmware', () => {
  it('uploads an image, updates two chargers in a campaign and shows their new version', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/device');
    const base = uniqueName('E2E-FW');
    const ids = [`${base}-1`, `${base}-2`];
    await Promise.all(ids.map((id) => connectedCharger(page, id)));

    // Upload: the file type is checked before anything is sent.
    await page.getByRole('menuitem', { name: 'Firmware upload' }).click();
    await page.waitForURL('**/portal/management/firmware/upload');
    const fileInput = page.locator('input[type=file]');
    await fileInput.setInputFiles({
      name: 'voltline-9.9.9.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('x'),
    });
    await page.getByTestId('fw-file-error').getByText('The file is not a .zip or .update file.').waitFor();

    const image = Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(64 * 1024)]);
    await fileInput.setInputFiles({ name: 'voltline-9.9.9.zip', mimeType: 'application/zip', buffer: image });
    await page.getByTestId('fw-picked').getByText('voltline-9.9.9.zip').waitFor();
    expect(await page.getByTestId('fw-file-error').count()).toBe(0);
    await page.getByTestId('fw-version').fill('9.9.9');
    await page.getByTestId('fw-upload').click();
    const sha = createHash('sha256').update(image).digest('hex');
    await expect.poll(() => page.getByTestId('fw-uploaded-sha').innerText()).toContain(sha);
    // A retry of this test finds its first attempt's image too: the newest is listed first.
    await page.getByTestId('fw-table').getByText('voltline-9.9.9.zip').first().waitFor();
    await screenshot(page, 'firmware-upload');

    // Update: the image, the two chargers found by their ID, and the campaign starts.
    await page.getByRole('menuitem', { name: 'Firmware update' }).click();
    await page.waitForURL('**/portal/management/firmware/update');
    await pick(page, 'fw-campaign-image', '9.9.9 · voltline-9.9.9.zip');
    await page.getByPlaceholder('Charge point ID or name').fill(base);
    await page.getByPlaceholder('Charge point ID or name').press('Enter');
    const picker = page.getByTestId('fw-picker-table');
    for (const id of ids) await checkSurely(picker.getByRole('checkbox', { name: id, exact: true }));
    await page.getByTestId('fw-selected-count').getByText('2 charge points chosen').waitFor();
    await page.getByTestId('fw-campaign-name').fill(`Rollout ${base}`);
    await page.getByTestId('fw-start').click();

    // The campaign's detail opens and follows both chargers to the version their reboot reports.
    await page.waitForURL('**/portal/management/firmware/update?campaign=*');
    const targets = page.getByTestId('fw-campaign-drawer').getByTestId('fw-target-table');
    await expect.poll(() => targets.locator('tbody tr[data-row-key]').count()).toBe(2);
    await expect
      .poll(() => targets.locator('[data-state="confirmed"]').count(), { timeout: 90_000, interval: 1_000 })
      .toBe(2);
    await expect
      .poll(() => targets.getByTestId('fw-version-after').allInnerTexts())
      .toEqual(['9.9.9', '9.9.9']);
    await targets.getByText('Installed and confirmed').first().waitFor();
    await screenshot(page, 'firmware-campaign');
    await page.getByTestId('fw-campaign-drawer').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('fw-campaign-table').getByText(`Rollout ${base}`).waitFor();

    // Every charger's firmware: both now run 9.9.9.
    await page.getByRole('menuitem', { name: 'Charger firmware' }).click();
    await page.waitForURL('**/portal/management/device/firmware');
    await page
      .getByTestId('fw-device-table')
      .getByText(ids[0] ?? '', { exact: true })
      .waitFor();
    await page.getByPlaceholder('Charge point ID or name').fill(base);
    await page.getByPlaceholder('Charge point ID or name').press('Enter');
    await page.waitForURL(`**/portal/management/device/firmware?search=${base}`);
    const devices = page.getByTestId('fw-device-table');
    await expect.poll(() => devices.locator('tbody tr[data-row-key]').count()).toBe(2);
    for (const id of ids) {
      const row = devices.getByRole('row').filter({ hasText: id });
      await expect.poll(() => row.innerText()).toContain('9.9.9');
    }
    await screenshot(page, 'firmware-devices');

    // One charger from its Commands menu: the stored image that fits it, as a campaign of its own.
    await page.goto(`/portal/management/device/detail/${ids[0] ?? ''}`);
    await chooseCommand(page, 'Update firmware');
    const dialog = page.getByRole('dialog', { name: 'Update firmware' });
    await dialog.getByText('9.9.9 · voltline-9.9.9.zip').waitFor();
    await dialog.getByRole('button', { name: 'Start update' }).click();
    await dialog.getByText('Firmware update started').waitFor();
    await dialog.getByRole('button', { name: 'Open campaign' }).click();
    await page.waitForURL('**/portal/management/firmware/update?campaign=*');
    const single = page.getByTestId('fw-campaign-drawer').getByTestId('fw-target-table');
    await expect
      .poll(() => single.locator('tbody tr[data-row-key]').allInnerTexts())
      .toEqual([expect.stringContaining(ids[0] ?? '')]);
  });
});
