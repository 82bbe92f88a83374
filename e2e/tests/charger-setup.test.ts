import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startCharger, type SimCharger } from '@voltline/simulator';
import {
  checkSurely,
  chooseCommand,
  launchBrowser,
  newPage,
  screenshot,
  signInAs,
  uniqueName,
} from '../support/browser';
import { endLeftovers } from '../support/charger';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
const chargers: SimCharger[] = [];
/** The local-list test's charger, which a retry stops and closes. */
const listChargers: SimCharger[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all(chargers.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await server?.stop();
});

/** Connected or Disconnected, as the detail page's title shows it. */
const connection = (page: Page) =>
  page.locator('h1 [data-connection]').first().getAttribute('data-connection');
const tab = (page: Page, name: string) => page.getByTestId('cp-tabs').getByRole('tab', { name, exact: true });
const banner = (page: Page) => page.getByTestId('cp-command-answer');

async function connect(ocppUrl: string, id: string, password: string): Promise<SimCharger> {
  const charger = await startCharger({ url: ocppUrl.slice(0, -(id.length + 1)), id, password });
  chargers.push(charger);
  return charger;
}

async function command(page: Page, name: string): Promise<Locator> {
  await chooseCommand(page, name);
  return page.getByRole('dialog', { name, exact: true });
}

describe("a charger's password and the commands around it", () => {
  it("adds a charge point with the charger's own password, changes it over OCPP and resets it", async () => {
    const CP_ID = uniqueName('E2E-PWD');
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/device');
    await page.getByRole('button', { name: 'Add charge point' }).click();
    await page.getByRole('heading', { name: 'Add charge point' }).waitFor();
    await page.getByLabel('Charge point ID').fill(CP_ID);
    await page.getByLabel('Name', { exact: true }).fill('E2E Moda Pier');

    // The charger ships with its own password: checked by the contract's rules before sending.
    await page.getByText('Voltline creates a strong password').waitFor();
    await checkSurely(page.getByRole('radio', { name: "Enter the charger's password" }));
    const password = page.getByTestId('cp-password');
    await password.fill('too-short');
    await page.getByRole('button', { name: 'Create charge point' }).click();
    await page.getByText('Use 16 to 20 characters').waitFor();
    await password.fill('has spaces in it 123');
    await page.getByText('Use letters, digits and punctuation only').waitFor();
    await password.fill('Moda-Pier#2025!x');
    await screenshot(page, 'charge-point-add-own-password');
    await page.getByRole('button', { name: 'Create charge point' }).click();
    await page.getByTestId('cp-credentials').waitFor();
    expect((await page.getByTestId('cp-ocpp-password').innerText()).trim()).toBe('Moda-Pier#2025!x');
    const ocppUrl = (await page.getByTestId('cp-ocpp-url').innerText()).trim();
    await page.getByRole('button', { name: 'Go to the charge point' }).click();
    await page.waitForURL(`**/portal/management/device/detail/${CP_ID}`);

    let charger = await connect(ocppUrl, CP_ID, 'Moda-Pier#2025!x');
    await expect.poll(() => connection(page), { timeout: 15_000 }).toBe('Connected');

    // A new password through ChangeConfiguration AuthorizationKey, kept once the charger accepts it.
    const config = await command(page, 'Change configuration');
    await config.getByLabel('Key', { exact: true }).fill('AuthorizationKey');
    await config.getByTestId('authorization-key-hint').getByText('Voltline sends it hex-encoded').waitFor();
    const value = config.getByLabel("Charger's new password");
    await value.fill('short');
    await config.getByRole('button', { name: 'Send' }).click();
    await config.getByText('Enter 16 to 20 characters').waitFor();
    await value.fill('Moda-Next#2025!y');
    await screenshot(page, 'charge-point-authorization-key');
    await config.getByRole('button', { name: 'Send' }).click();
    await banner(page).getByText('Change AuthorizationKey: the charge point answered Accepted').waitFor();
    // The charger reconnects with its new password; a charger with the old one is turned away.
    await expect.poll(() => connection(page), { timeout: 15_000 }).toBe('Connected');
    await charger.close();
    await expect.poll(() => connection(page), { timeout: 15_000 }).toBe('Disconnected');
    const stale = await connect(ocppUrl, CP_ID, 'Moda-Pier#2025!x');
    await page.waitForTimeout(2000);
    expect(await connection(page)).toBe('Disconnected');
    await stale.close();
    charger = await connect(ocppUrl, CP_ID, 'Moda-Next#2025!y');
    await expect.poll(() => connection(page), { timeout: 15_000 }).toBe('Connected');

    // A new password typed in the portal for a charger set by hand: shown once.
    await page.getByTestId('cp-new-password').click();
    const reset = page.getByRole('dialog', { name: 'Set a new password?' });
    await checkSurely(reset.getByRole('radio', { name: "Enter the charger's password" }));
    await reset.getByTestId('cp-password').fill('Moda-Third#2025z');
    await reset.getByRole('button', { name: 'New password' }).click();
    await page.getByTestId('cp-credentials').getByText('Moda-Third#2025z').waitFor();
    await screenshot(page, 'charge-point-password-entered');
    await page.getByRole('button', { name: 'Done' }).click();
    await charger.close();
    charger = await connect(ocppUrl, CP_ID, 'Moda-Third#2025z');
    await expect.poll(() => connection(page), { timeout: 15_000 }).toBe('Connected');
  });

  it('sends the local list, reads its version, exchanges data and starts a session with a limit', async () => {
    // A retry's remote start must not find DEMO0001 still charging at the first attempt's charger.
    await endLeftovers(listChargers);
    const CP_ID = uniqueName('E2E-LIST');
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const creds = await page.evaluate(async (id) => {
      const headers = {
        Authorization: `Bearer ${localStorage.getItem('auth_token') ?? ''}`,
        'Content-Type': 'application/json',
      };
      const me = (await (await fetch('/api/portal/Auth/me', { headers })).json()) as {
        data: { operatorId: number };
      };
      const res = await fetch('/api/portal/ChargePoint', {
        method: 'POST',
        headers,
        body: JSON.stringify({ chargePointId: id, name: 'E2E List Pier', operatorId: me.data.operatorId }),
      });
      return ((await res.json()) as { data: { ocppUrl: string; password: string } }).data;
    }, CP_ID);
    const charger = await connect(creds.ocppUrl, CP_ID, creds.password);
    listChargers.push(charger);
    await page.goto(`/portal/management/device/detail/${CP_ID}`);
    await expect.poll(() => connection(page), { timeout: 15_000 }).toBe('Connected');

    // Nothing sent yet: the charger's own version, and "None" for Voltline's.
    await chooseCommand(page, 'Get local list version');
    const details = banner(page).getByTestId('cp-answer-details');
    await details.getByText('Last sent by Voltline').waitFor();
    await expect.poll(() => details.innerText()).toMatch(/Last sent by Voltline\s*:?\s*None/);

    const list = await command(page, 'Send local authorization list');
    await list.getByText("every active card of the operator's network").waitFor();
    await list.getByText('Changes only', { exact: true }).click();
    await list.getByText('what changed since the version Voltline last sent').waitFor();
    await list.getByText('Full list', { exact: true }).click();
    await list.getByRole('button', { name: 'Send' }).click();
    await banner(page)
      .getByText('Send local authorization list: Full list: the charge point answered Accepted')
      .waitFor();
    await expect.poll(() => details.innerText()).toMatch(/List version\s*:?\s*1/);
    expect(await details.innerText()).toMatch(/Cards sent\s*:?\s*[1-9]/);
    await screenshot(page, 'charge-point-local-list');

    await chooseCommand(page, 'Get local list version');
    await expect
      .poll(() => details.innerText())
      .toMatch(/On the charger\s*:?\s*1[\s\S]*Last sent by Voltline\s*:?\s*1/);

    const transfer = await command(page, 'Data transfer');
    await transfer.getByRole('button', { name: 'Send' }).click();
    await transfer.getByText('Please enter Vendor ID').waitFor();
    await transfer.getByLabel('Vendor ID').fill('Voltline');
    await transfer.getByLabel('Message ID').fill('Echo');
    await transfer.getByLabel('Data', { exact: true }).fill('{"ping":1}');
    await transfer.getByRole('button', { name: 'Send' }).click();
    await banner(page).getByText('Data transfer: Voltline: the charge point answered Accepted').waitFor();
    await details.getByText('{"ping":1}').waitFor();
    await screenshot(page, 'charge-point-data-transfer');

    // Remote start limited to 16 A for 30 minutes: the charger holds the TxProfile for the session.
    await tab(page, 'Connectors').click();
    const rows = page.getByTestId('connector-table').locator('tbody tr.ant-table-row');
    await rows.first().getByRole('button', { name: 'Start' }).click();
    const start = page.getByRole('dialog', { name: 'Start charging on connector 1' });
    await start.getByText('Card number', { exact: true }).click();
    await start.getByTestId('start-id-tag').fill('DEMO0001');
    await checkSurely(start.getByRole('checkbox', { name: 'Limit charging' }));
    await start.getByLabel('Limit', { exact: true }).fill('0');
    await start.getByLabel('For (minutes)').fill('30');
    await start.getByRole('button', { name: 'Start' }).click();
    await start.getByText('Enter a limit greater than 0').waitFor();
    await start.getByLabel('Limit', { exact: true }).fill('16');
    await screenshot(page, 'charge-point-remote-start-limit');
    await start.getByRole('button', { name: 'Start' }).click();
    // The answer, or already the outcome it is followed to (the session started) on a quick charger.
    await banner(page)
      .getByText(/the charge point answered Accepted|Charging started \(session \d+\)/)
      .waitFor();
    await expect
      .poll(() =>
        charger.profiles.all
          .filter((p) => p.connectorId === 1)
          .map((p) => ({
            purpose: p.profile.chargingProfilePurpose,
            unit: p.profile.chargingSchedule.chargingRateUnit,
            duration: p.profile.chargingSchedule.duration,
            limit: p.profile.chargingSchedule.chargingSchedulePeriod[0]?.limit,
          })),
      )
      .toEqual([{ purpose: 'TxProfile', unit: 'A', duration: 1800, limit: 16 }]);
    await expect.poll(() => rows.first().innerText(), { timeout: 15_000 }).toContain('Charging');
  });
});
