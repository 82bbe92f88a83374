import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startCharger201, type SimCharger201 } from '@voltline/simulator';
import {
  api,
  chooseCommand,
  confirmWith,
  launchBrowser,
  newPage,
  pick,
  pickMenuItem,
  screenshot,
  signInAs,
  switchToTurkish,
  uniqueName,
} from '../support/browser';
import { cardOfTheAttempt, charger201WithTariff } from '../support/charger';
import { startServer, type TestServer } from '../support/server';

// An OCPP 2.0.1 charging station beside the 1.6 fleet, as staff see it: its version in the list
// and the filter, EVSEs with their plugs, and the portal's commands (remote start and stop,
// unlock, reset, availability) answered in words; a session like any other, billed by the tariff.

let server: TestServer;
let browser: Browser;
const chargers: SimCharger201[] = [];
const OPERATOR = 'Voltline İstanbul';
// The tariff of connector 1, in minor units: 2.00 per session and 8.50 per kWh.
const TARIFF = { fixed: 200, price: 850 };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all(chargers.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await server?.stop();
});

/** The billing rule written out independently of the portal's code. */
const expectedCost = (energyWh: number) =>
  TARIFF.fixed + Math.round((Math.round(energyWh) * TARIFF.price) / 1000);
const twoDecimals = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** How the portal shows money and energy in English: ₺1,234.50, 3.05 kWh. */
const lira = (minor: number) => `₺${twoDecimals(minor / 100)}`;
const kwh = (wh: number) => `${twoDecimals(wh / 1000)} kWh`;

const listRow = (page: Page, cp: string) =>
  page.getByTestId('cp-table').locator('tbody tr.ant-table-row').filter({ hasText: cp });
const connectorRow = (page: Page, n: number) =>
  page
    .getByTestId('connector-table')
    .locator('tbody tr.ant-table-row')
    .nth(n - 1);
const answer = (page: Page) => page.getByTestId('cp-command-answer');
const sessionRow = (page: Page, id: number) =>
  page
    .getByTestId('session-table')
    .locator('tbody tr.ant-table-row')
    .filter({ hasText: `#${id}` });
const tab = (page: Page, name: string) => page.getByTestId('cp-tabs').getByRole('tab', { name, exact: true });

/** Waits for the answer banner to say `text` and to be a success (or, with `refused`, an error). */
async function answered(page: Page, text: string, refused = false): Promise<void> {
  await answer(page).getByText(text, { exact: true }).waitFor();
  const look = await answer(page).getAttribute('class');
  expect(look).toContain(refused ? 'ant-alert-error' : 'ant-alert-success');
}

/** Opens a page from the side menu, as a user would (no reload of the portal). */
const menu = (page: Page, name: string) =>
  // The item's name is its icon's label and its text.
  page.getByRole('menuitem', { name: new RegExp(`(^|\\s)${name}$`) }).click();

/** Opens the "More commands" menu of connector `n`, picks `item` and waits for its dialog. */
async function connectorMenu(page: Page, n: number, more: string, item: string): Promise<void> {
  // The dialog of the last command has closed first, so it is not taken for this one's.
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  await pickMenuItem(
    () => connectorRow(page, n).getByRole('button', { name: more }).click({ timeout: 2_000 }),
    page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: item }),
    page.getByRole('dialog').first(),
  );
}

describe('an OCPP 2.0.1 charging station in the portal', () => {
  it('B01 F01 F03 F05 G04 B11: listed as 2.0.1, charged remotely with a card and billed, unlocked, made unavailable and back (in Turkish), reset', async () => {
    const cp = uniqueName('E2E-201');
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    // A driver and card of this attempt's own: a second attempt must not find the card charging.
    const CARD = await cardOfTheAttempt(page, OPERATOR, 'E2E201');
    const charger = await charger201WithTariff(page, {
      id: cp,
      operator: OPERATOR,
      site: 'Marina',
      connectorCount: 2,
      tariff: { name: uniqueName('E2E 2.0.1 AC'), ...TARIFF },
      // A simulated minute per real second: a few seconds deliver some hundred Wh.
      charger: { idTags: [CARD], speed: 60 },
    });
    chargers.push(charger);

    // The list says which version it speaks; the filter by version finds it, and only there.
    await page.goto('/portal/management/device?list=all');
    await listRow(page, cp).locator('[data-protocol="ocpp2.0.1"]').getByText('OCPP 2.0.1').waitFor();
    await pick(page, 'cp-filter-protocol', 'OCPP 1.6');
    await page.waitForURL(/protocol=ocpp1\.6/);
    await expect.poll(() => listRow(page, cp).count()).toBe(0);
    await pick(page, 'cp-filter-protocol', 'OCPP 2.0.1');
    await page.waitForURL(/protocol=ocpp2\.0\.1/);
    await expect.poll(() => listRow(page, cp).count()).toBe(1);
    const versions = page.getByTestId('cp-table').locator('tbody tr.ant-table-row [data-protocol]');
    await expect
      .poll(async () => (await versions.allInnerTexts()).every((t) => t === 'OCPP 2.0.1'))
      .toBe(true);
    await screenshot(page, 'ocpp201-list-filter');

    // The detail page: connected, 2.0.1; each EVSE with its plug.
    await listRow(page, cp).getByRole('link', { name: cp }).first().click();
    await page.waitForURL(`**/detail/${cp}**`);
    await page.locator('h1 [data-protocol="ocpp2.0.1"]').waitFor();
    await expect
      .poll(() => page.locator('h1 [data-connection]').first().getAttribute('data-connection'))
      .toBe('Connected');
    await tab(page, 'Connectors').click();
    await connectorRow(page, 1).getByTestId('evse-plugs').getByText('Plug 1: Available').waitFor();
    await connectorRow(page, 2).getByTestId('evse-plugs').getByText('Plug 1: Available').waitFor();

    // The driver plugs in; staff start the session remotely with the driver's card number.
    charger.plugIn(1);
    await connectorRow(page, 1).getByRole('button', { name: 'Start' }).click();
    const startDialog = page.getByRole('dialog', { name: 'Start charging on connector 1' });
    await startDialog.getByText('Card number', { exact: true }).click();
    await startDialog.getByTestId('start-id-tag').fill(CARD);
    await startDialog.getByRole('button', { name: 'Start' }).click();
    // Followed past the charger's Accepted to the session it started (issue #34).
    await connectorRow(page, 1).getByText('Charging', { exact: true }).waitFor();
    await connectorRow(page, 1).getByTestId('evse-plugs').getByText('Plug 1: Occupied').waitFor();
    const sessionTag = connectorRow(page, 1).locator('.ant-tag', { hasText: /^#\d+$/ });
    await sessionTag.waitFor();
    const id = Number((await sessionTag.innerText()).slice(1));
    await answered(page, `Remote start on connector 1: Charging started (session ${id}).`);

    // Unlocking a connector a driver charges on is refused by the charger, and said so.
    await connectorMenu(page, 1, 'More commands', 'Unlock connector');
    await confirmWith(page, 'Send');
    await answered(page, 'Unlock connector 1: the charge point answered Unlock failed', true);
    await connectorRow(page, 1).getByText('Charging', { exact: true }).waitFor();
    await screenshot(page, 'ocpp201-charging-unlock-refused');

    // Running among the sessions like any other: its card and the energy so far.
    await menu(page, 'Charging sessions');
    const running = sessionRow(page, id);
    await running.getByText(CARD).waitFor();
    await expect.poll(() => running.getByTestId('session-energy').innerText()).not.toBe('0.00 kWh');

    // Remote stop from the charge point: the session ends, billed by the tariff.
    await page.goBack();
    await connectorRow(page, 1).getByRole('button', { name: 'Stop' }).click();
    await confirmWith(page, 'Send');
    await answered(page, 'Remote stop on connector 1: the charge point answered Accepted');
    await connectorRow(page, 1).getByRole('button', { name: 'Start' }).waitFor();

    await menu(page, 'Charging sessions');
    await page.getByTestId('session-tabs').getByRole('tab', { name: 'All sessions' }).click();
    const done = sessionRow(page, id);
    await done.getByTestId('session-state').getByText('Completed').waitFor();
    const session = await api<{ state: string; energyWh: number; cost: number | null; stopReason: string }>(
      page,
      'GET',
      `portal/Transaction/${id}`,
    );
    const cost = expectedCost(session.energyWh);
    expect(session).toMatchObject({ state: 'completed', stopReason: 'Remote', cost });
    expect(session.energyWh).toBeGreaterThan(0);
    expect(await done.getByTestId('session-energy').innerText()).toBe(kwh(session.energyWh));
    expect(await done.getByTestId('session-cost').innerText()).toBe(lira(cost));
    expect(await done.innerText()).toContain(CARD);
    await done.getByTestId('session-open').click();
    const drawer = page.getByTestId('session-drawer');
    await drawer.getByTestId('session-drawer-cost').getByText(lira(cost)).waitFor();
    expect(await drawer.getByTestId('session-drawer-energy').innerText()).toBe(kwh(session.energyWh));
    await drawer.getByText('Stopped from the portal').waitFor();
    await screenshot(page, 'ocpp201-session');
    await drawer.locator('.ant-drawer-close').click();

    // Back on the charge point: the car still plugged in and no session, the unlock goes through.
    await menu(page, 'Charge points');
    await page.getByTestId('cp-table').getByRole('link', { name: cp }).first().click();
    await tab(page, 'Connectors').click();
    await connectorMenu(page, 1, 'More commands', 'Unlock connector');
    await confirmWith(page, 'Send');
    await answered(page, 'Unlock connector 1: the charge point answered Unlocked');

    // EVSE 2 out of service: its state and its plug's follow.
    await connectorMenu(page, 2, 'More commands', 'Change availability');
    const availability = page.getByRole('dialog', { name: 'Change availability' });
    await availability.getByText('Out of service').first().waitFor();
    await availability.getByRole('button', { name: 'Send' }).click();
    await answered(page, 'Change availability: Out of service: the charge point answered Accepted');
    await connectorRow(page, 2).getByText('Unavailable', { exact: true }).first().waitFor();
    await connectorRow(page, 2).getByTestId('evse-plugs').getByText('Plug 1: Unavailable').waitFor();

    // A soft reset: accepted, and the station boots again.
    await tab(page, 'Information').click();
    const bootBefore = await page.getByTestId('cp-last-boot').innerText();
    await chooseCommand(page, 'Reset (Soft)');
    await confirmWith(page, 'Send');
    await answered(page, 'Reset (Soft): the charge point answered Accepted');
    await expect.poll(() => page.getByTestId('cp-last-boot').innerText()).not.toBe(bootBefore);

    // In Turkish: EVSE 2 back in service, answered in Turkish, its plug free again.
    await switchToTurkish(page);
    await tab(page, 'Soketler').click();
    await connectorRow(page, 2).getByTestId('evse-plugs').getByText('Fiş 1: Kullanım dışı').waitFor();
    await connectorMenu(page, 2, 'Diğer komutlar', 'Kullanılabilirliği değiştir');
    const inTurkish = page.getByRole('dialog', { name: 'Kullanılabilirliği değiştir' });
    await inTurkish.getByLabel('Kullanılabilirlik').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Hizmette', { exact: true }).click();
    await inTurkish.getByRole('button', { name: 'Gönder' }).click();
    await answered(page, 'Kullanılabilirliği değiştir: Hizmette: şarj istasyonu Kabul edildi yanıtını verdi');
    await connectorRow(page, 2).getByTestId('evse-plugs').getByText('Fiş 1: Müsait').waitFor();
    await connectorRow(page, 2).getByText('Müsait', { exact: true }).first().waitFor();
    await screenshot(page, 'ocpp201-available-tr');

    // The list in Turkish, filtered by OCPP version.
    await menu(page, 'Şarj istasyonları');
    await pick(page, 'cp-filter-protocol', 'OCPP 2.0.1');
    await page.waitForURL(/protocol=ocpp2\.0\.1/);
    await listRow(page, cp).locator('[data-protocol="ocpp2.0.1"]').waitFor();
    await page.getByRole('columnheader', { name: 'OCPP sürümü' }).waitFor();
    // The longest walk of the browser tests: on a loaded machine it needs more than the usual two minutes.
  }, 240_000);

  it('B02 B05 B07 B08: held Pending until accepted in the portal, then configured through its device model', async () => {
    const cp = uniqueName('E2E-201-SETUP');
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const operators = await api<{ id: number; name: string }[]>(page, 'GET', 'portal/operator/lookup');
    const created = await api<{ chargePoint: { id: number }; ocppUrl: string; password: string }>(
      page,
      'POST',
      'portal/ChargePoint',
      {
        chargePointId: cp,
        name: `${cp} Depot`,
        operatorId: operators.find((o) => o.name === OPERATOR)?.id,
        connectorCount: 1,
        registrationStatus: 'pending',
      },
    );
    const station = await startCharger201({
      url: created.ocppUrl.slice(0, -(cp.length + 1)),
      id: cp,
      password: created.password,
      connectors: 1,
    });
    chargers.push(station);
    expect(station.bootState).toBe('Pending');

    // Staff accept it in the portal; it boots again at once and reports its device model.
    await page.goto(`/portal/management/device/edit/${created.chargePoint.id}`);
    await pick(page, 'cp-form-registration', 'Accepted');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => station.bootState, { timeout: 15_000 }).toBe('Accepted');

    await page.goto(`/portal/management/device/detail/${cp}/configuration`);
    const table = page.getByTestId('dm-table');
    await table.getByText('OCPPCommCtrlr', { exact: true }).first().waitFor({ timeout: 20_000 });
    await page.getByTestId('dm-search').locator('input').fill('HeartbeatInterval');
    await table.getByText('HeartbeatInterval', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Change HeartbeatInterval' }).click();
    await page.getByTestId('dm-value-input').fill('120');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await page.getByTestId('dm-answer-HeartbeatInterval').getByText('Accepted').waitFor();
    await expect.poll(() => station.model.get('OCPPCommCtrlr', 'HeartbeatInterval')).toBe('120');
    // A value the charger's model forbids is refused before anything is sent.
    await page.getByRole('button', { name: 'Change HeartbeatInterval' }).click();
    await page.getByTestId('dm-value-input').fill('soon');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await page.getByText('OCPPCommCtrlr.HeartbeatInterval takes a whole number.').first().waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await screenshot(page, 'ocpp201-device-model');

    // A custom report of the components reporting a problem: none here, said as a refusal.
    await page.getByTestId('dm-custom-report').click();
    const dialog = page.getByRole('dialog', { name: 'Ask the charger for a custom report' });
    await dialog.getByText('Reporting a problem', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Ask the charger' }).click();
    await page.getByText('The charge point has no component or variable that matches.').first().waitFor();
  });
});
