import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startCharger, type SimCharger } from '@voltline/simulator';
import {
  chooseCommand,
  confirmWith,
  launchBrowser,
  newPage,
  pick,
  pickBySearch,
  screenshot,
  signInAs,
  uniqueName,
} from '../support/browser';
import { endLeftovers } from '../support/charger';
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

/** Types into a searchable select and takes the first match (long lists are virtual). */
async function typeAndPick(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  if (text) await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
  await page.keyboard.press('Enter');
  // A closing dropdown and the next one may both be on screen while they animate.
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

/** Connected or Disconnected, as the detail page's title shows it. */
const connection = (page: Page) =>
  page.locator('h1 [data-connection]').first().getAttribute('data-connection');
const tab = (page: Page, name: string) => page.getByTestId('cp-tabs').getByRole('tab', { name, exact: true });

describe('charge point management', () => {
  it('adds a charge point, connects a charger with the shown credentials and runs commands on it', async () => {
    // A retry must not find DEMO0001 and Zeynep's card still charging at the first attempt's charger.
    await endLeftovers(chargers);
    const CP_ID = uniqueName('E2E-CP');
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/device');
    await page.getByTestId('cp-table').waitFor();
    await screenshot(page, 'charge-points-list');

    // Add through the form: validation first, then brand → model, country → city, map click.
    await page.getByRole('button', { name: 'Add charge point' }).click();
    await page.getByRole('heading', { name: 'Add charge point' }).waitFor();
    await page.getByLabel('Charge point ID').fill('bad id!');
    await page.getByRole('button', { name: 'Create charge point' }).click();
    await page.getByText('Use letters, digits, dot, dash and underscore').waitFor();
    await page.getByText('Please enter Name').waitFor();
    await page.getByLabel('Charge point ID').fill(CP_ID);
    await page.getByLabel('Name', { exact: true }).fill('E2E Kadıköy Pier');
    await pick(page, 'cp-form-brand', 'ABB');
    await typeAndPick(page, 'cp-form-model', '');
    await typeAndPick(page, 'cp-form-country', 'Turkey');
    await typeAndPick(page, 'cp-form-city', 'stanbul');
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).not.toBe('');
    const map = page.getByTestId('cp-location-map');
    await map.scrollIntoViewIfNeeded();
    const before = await page.getByLabel('Latitude').inputValue();
    await map.click({ position: { x: 60, y: 60 } });
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).not.toBe(before);
    await screenshot(page, 'charge-point-add');
    await page.getByRole('button', { name: 'Create charge point' }).click();

    // The credentials are shown once; read them from the screen.
    await page.getByTestId('cp-credentials').waitFor();
    await page.getByTestId('cp-credentials').getByText('It will not be shown again').waitFor();
    const ocppUrl = (await page.getByTestId('cp-ocpp-url').innerText()).trim();
    const password = (await page.getByTestId('cp-ocpp-password').innerText()).trim();
    expect(ocppUrl).toMatch(new RegExp(`^ws://.+/ocpp/${CP_ID}$`));
    expect(password.length).toBeGreaterThanOrEqual(8);
    await screenshot(page, 'charge-point-credentials');
    await page.getByRole('button', { name: 'Go to the charge point' }).click();
    await page.waitForURL(`**/portal/management/device/detail/${CP_ID}`);
    await expect.poll(() => connection(page)).toBe('Disconnected');

    const charger = await startCharger({
      url: ocppUrl.slice(0, -(CP_ID.length + 1)),
      id: CP_ID,
      password,
      idTags: ['DEMO0001'],
      rebootDelay: 6,
    });
    chargers.push(charger);

    // Live: Connected, then Charging on connector 1, without reloading the page.
    await expect.poll(() => connection(page), { timeout: 15_000 }).toBe('Connected');
    await tab(page, 'Connectors').click();
    await page.waitForURL(`**/detail/${CP_ID}/connectors`);
    const rows = page.getByTestId('connector-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    await charger.startSession(1, 'DEMO0001');
    await expect.poll(() => rows.first().innerText(), { timeout: 15_000 }).toContain('Charging');
    await screenshot(page, 'charge-point-connectors');

    // Remote start on the free connector for a driver found by typing, with one of her cards.
    await rows.nth(1).getByRole('button', { name: 'Start' }).click();
    const startDialog = page.getByRole('dialog', { name: 'Start charging on connector 2' });
    await pickBySearch(page, startDialog.getByTestId('start-driver'), 'arslan', 'Zeynep Arslan');
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await startDialog.getByTestId('start-card').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await startDialog.getByRole('button', { name: 'Start' }).click();
    // Followed past the charger's Accepted to the session it started (issue #34).
    await page
      .getByTestId('cp-command-answer')
      .getByText(/^Remote start on connector 2: Charging started \(session \d+\)\.$/)
      .waitFor();

    // Configuration as the charger reports it; change a writable key and see its answer.
    await tab(page, 'Configuration').click();
    await page.waitForURL(`**/detail/${CP_ID}/configuration`);
    const heartbeat = page.getByTestId('config-table').locator('tr', { hasText: 'HeartbeatInterval' });
    await heartbeat.waitFor();
    await expect.poll(() => heartbeat.innerText()).toContain('300');
    await heartbeat.getByRole('button', { name: 'Change HeartbeatInterval' }).click();
    await page.getByTestId('config-value-input').fill('120');
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await page.getByTestId('config-answer-HeartbeatInterval').getByText('Accepted').waitFor();
    await expect.poll(() => charger.configuration.HeartbeatInterval).toBe('120');
    await expect.poll(() => heartbeat.innerText()).toContain('120');
    await screenshot(page, 'charge-point-configuration');

    // Reset: the charger goes away and comes back with a new boot time. The tabs are grouped:
    // the Overview group opens at Information.
    await tab(page, 'Overview').click();
    await page.waitForURL(`**/detail/${CP_ID}`);
    const bootBefore = await page.getByTestId('cp-last-boot').innerText();
    await chooseCommand(page, 'Reset (Soft)');
    await page.locator('.ant-modal-confirm-title', { hasText: 'Reset the charge point (Soft)?' }).waitFor();
    await confirmWith(page, 'Send');
    await page.getByTestId('cp-command-answer').getByText('the charge point answered Accepted').waitFor();
    await expect.poll(() => connection(page), { timeout: 15_000 }).toBe('Disconnected');
    await expect.poll(() => connection(page), { timeout: 20_000 }).toBe('Connected');
    await expect
      .poll(() => page.getByTestId('cp-last-boot').innerText(), { timeout: 15_000 })
      .not.toBe(bootBefore);
    await tab(page, 'Activity').click();
    await tab(page, 'Connection history').click();
    const events = page.getByTestId('cp-connections').locator('tbody tr.ant-table-row');
    await expect.poll(() => events.count()).toBeGreaterThanOrEqual(3);
    await expect.poll(() => events.first().innerText()).toContain('Connected');
    await expect.poll(() => events.nth(1).innerText()).toContain('Disconnected');
    await screenshot(page, 'charge-point-connections');

    // The reset ended the session; archive, see it in the archived list, restore it.
    await page.getByRole('button', { name: 'Archive' }).click();
    await confirmWith(page, 'Archive');
    await page.getByText('This charge point is archived').waitFor();
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.getByTestId('cp-list-tabs').getByRole('tab', { name: 'Archived', exact: true }).click();
    await page.waitForURL(/list=archived/);
    const listRows = page.getByTestId('cp-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => listRows.filter({ hasText: CP_ID }).count()).toBe(1);
    await listRows.filter({ hasText: CP_ID }).getByRole('button', { name: 'Restore' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => listRows.filter({ hasText: CP_ID }).count()).toBe(0);
    await page.getByTestId('cp-list-tabs').getByRole('tab', { name: 'Active', exact: true }).click();
    await expect.poll(() => listRows.filter({ hasText: CP_ID }).count()).toBe(1);
  });
});
