import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SimCharger } from '@voltline/simulator';
import {
  api,
  launchBrowser,
  newPage,
  pickMenuItem,
  screenshot,
  signInAs,
  uniqueName,
} from '../support/browser';
import { cardOfTheAttempt, chargerWithTariff } from '../support/charger';
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

const OPERATOR = 'Voltline İstanbul';
// The tariff of the charger, in minor units: 2.00 per session and 8.50 per kWh.
const TARIFF = { fixed: 200, price: 850 };

/** The billing rule written out independently of the portal's code. */
const expectedCost = (energyWh: number) =>
  TARIFF.fixed + Math.round((Math.round(energyWh) * TARIFF.price) / 1000);
const twoDecimals = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** How the portal shows money and energy in English: ₺1,234.50, 3.05 kWh. */
const lira = (minor: number) => `₺${twoDecimals(minor / 100)}`;
const kwh = (wh: number) => `${twoDecimals(wh / 1000)} kWh`;

interface SessionSeen {
  id: number;
  state: string;
  energyWh: number;
  cost: number | null;
  stopReason: string | null;
  stoppedAt: string | null;
  closeNote: string | null;
  authorization: string;
  unauthorized: boolean;
}

const session = (page: Page, id: number) => api<SessionSeen>(page, 'GET', `portal/Transaction/${id}`);

/** A charge point of İstanbul with a tariff on connector 1, and its simulated charger. */
async function prepareCharger(page: Page, id: string, config: Record<string, string> = {}) {
  const charger = await chargerWithTariff(page, {
    id,
    operator: OPERATOR,
    site: 'Pier',
    connectorCount: 2,
    tariff: { name: 'E2E Stuck AC', ...TARIFF },
    charger: {
      // A simulated minute per real second: a few seconds deliver some hundred Wh.
      speed: 60,
      config: { MeterValueSampleInterval: '30', ...config },
    },
  });
  chargers.push(charger);
  return charger;
}

const sessionRows = (page: Page) => page.getByTestId('session-table').locator('tbody tr.ant-table-row');

/** Closes the session open in the drawer through the dialog, with `reason`. */
async function closeFromDrawer(page: Page, id: number, reason: string, explains: string, picture: string) {
  const drawer = page.getByTestId('session-drawer');
  const dialog = page.getByRole('dialog', { name: `Close session #${id}`, exact: true });
  await pickMenuItem(
    () => drawer.getByTestId('session-more').click({ timeout: 2_000 }),
    page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: 'Close session' }),
    dialog,
  );
  await dialog.getByText(explains).waitFor();
  // The reason is required: the dialog says so before anything is sent.
  await dialog.getByRole('button', { name: 'Close session' }).click();
  await dialog.getByText('Please enter Reason').waitFor();
  await dialog.getByTestId('session-close-reason').fill(reason);
  await screenshot(page, picture);
  await dialog.getByRole('button', { name: 'Close session' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('closing a session whose charger went silent', () => {
  it('closes it from the sessions report with a reason, billed at its last meter reading', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const cpId = uniqueName('E2E-STUCK');
    const card = await cardOfTheAttempt(page, OPERATOR, 'E2ESTUCK');
    const charger = await prepareCharger(page, cpId);
    const start = await charger.startSession(1, card);
    expect(start.status).toBe('Accepted');
    const id = start.transactionId ?? 0;
    await expect
      .poll(async () => (await session(page, id)).energyWh, { timeout: 60_000, interval: 1000 })
      .toBeGreaterThan(200);

    // The charger goes silent: its connection ends and no StopTransaction will ever come.
    await charger.close();
    await expect
      .poll(
        async () => (await api<{ connection: string }>(page, 'GET', `portal/ChargePoint/${cpId}`)).connection,
      )
      .toBe('Disconnected');
    const last = await session(page, id);
    expect(last.state).toBe('active');
    expect(last.energyWh).toBeGreaterThan(200);

    // Still "charging" in the report; the operator opens it and closes it.
    await page.goto('/portal/reports/chargingsessions');
    const row = sessionRows(page).filter({ hasText: `#${id}` });
    await row.getByTestId('session-open').click();
    const drawer = page.getByTestId('session-drawer');
    await drawer.getByTestId('session-stop').waitFor();
    await closeFromDrawer(
      page,
      id,
      'Charger offline since the storm; the car has left',
      `billed at its last meter reading: ${kwh(last.energyWh)}`,
      'session-close-dialog',
    );
    await page.getByText('Session closed and billed at its last meter reading.').waitFor();

    // The drawer follows: failed, closed by the operator with the note, billed at the last reading.
    const cost = expectedCost(last.energyWh);
    await drawer.getByTestId('session-state').getByText('Failed').waitFor();
    await drawer.getByText('Closed by operator').waitFor();
    await drawer
      .getByTestId('session-drawer-close-note')
      .getByText('Charger offline since the storm; the car has left')
      .waitFor();
    await drawer.getByTestId('session-drawer-cost').getByText(lira(cost)).waitFor();
    expect(await drawer.getByTestId('session-drawer-energy').innerText()).toBe(kwh(last.energyWh));
    expect(await drawer.getByTestId('session-more').count()).toBe(0);
    expect(await drawer.getByTestId('session-stop').count()).toBe(0);
    await screenshot(page, 'session-closed-by-operator');

    const closed = await session(page, id);
    expect(closed).toMatchObject({
      state: 'failed',
      stopReason: 'ClosedByOperator',
      energyWh: last.energyWh,
      cost,
      closeNote: 'Charger offline since the storm; the car has left',
    });
    // No longer running: gone from the Active tab.
    await drawer.locator('.ant-drawer-close').click();
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);
  });

  it('shows a refused start that kept charging, filters by it and closes it unbilled', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const cpId = uniqueName('E2E-REFUSE');
    const card = await cardOfTheAttempt(page, OPERATOR, 'E2ESTUCK');
    // A charger that keeps delivering energy when Voltline refuses the start.
    const charger = await prepareCharger(page, cpId, {
      StopTransactionOnInvalidId: 'false',
      MaxEnergyOnInvalidId: '1000000000',
    });
    expect((await charger.startSession(1, card)).status).toBe('Accepted');
    // The same card on the other connector: Voltline refuses it, the charger charges anyway.
    const second = await charger.startSession(2, card);
    const id = second.transactionId ?? 0;
    await expect
      .poll(async () => (await session(page, id)).unauthorized, { timeout: 30_000, interval: 1000 })
      .toBe(true);
    expect(await session(page, id)).toMatchObject({ state: 'refused', authorization: 'ConcurrentTx' });

    // The All tab filtered by the new state.
    await page.goto(`/portal/reports/chargingsessions?tab=all&chargePointId=${cpId}`);
    await page.getByTestId('session-filter-state').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Refused', { exact: true }).click();
    await page.waitForURL(/state=refused/);
    const row = sessionRows(page).filter({ hasText: `#${id}` });
    await row.getByTestId('session-state').getByText('Refused').waitFor();
    await row.getByTestId('session-refusal').getByText('Card already charging').waitFor();
    await row.getByTestId('session-unauthorized').getByText('Unauthorized charging').waitFor();
    await expect.poll(() => sessionRows(page).count()).toBe(1);
    await screenshot(page, 'sessions-refused');

    await row.getByTestId('session-open').click();
    const drawer = page.getByTestId('session-drawer');
    await drawer
      .getByTestId('session-refused-notice')
      .getByText(/Card already charging/)
      .waitFor();
    await drawer.getByTestId('session-unauthorized').waitFor();
    await closeFromDrawer(
      page,
      id,
      'Driver confirmed the car left',
      'so the session is not billed',
      'session-close-refused-dialog',
    );
    await page.getByText('It was refused at its start, so nothing is billed.').waitFor();
    await drawer.getByText('Closed by operator').waitFor();
    await drawer.getByText('Not billed: Voltline refused the start').waitFor();
    expect(await session(page, id)).toMatchObject({
      state: 'refused',
      cost: null,
      stopReason: 'ClosedByOperator',
      closeNote: 'Driver confirmed the car left',
    });
  });
});
