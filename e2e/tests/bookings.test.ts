import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startCharger, type SimCharger } from '@voltline/simulator';
import { api, launchBrowser, newPage, pickBySearch, screenshot, signInAs } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let charger: SimCharger | undefined;

const CP = 'BOOK-E2E-01';
const NAME = 'Mall car park';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await charger?.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

const bookingRows = (page: Page) => page.getByTestId('booking-table').locator('tbody tr.ant-table-row');

describe('bookings', () => {
  it('books a connector for a driver’s card, shows it Reserved, and marks the booking used when that card starts', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/device');
    const me = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
    const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
      chargePointId: CP,
      name: NAME,
      operatorId: me.operatorId,
      connectorCount: 2,
    });
    charger = await startCharger({
      url: creds.ocppUrl.slice(0, -(CP.length + 1)),
      id: CP,
      password: creds.password,
    });

    await page.getByRole('menuitem', { name: 'Bookings' }).click();
    await page.waitForURL('**/portal/management/booking');
    await page.getByTestId('booking-add').click();
    await page.waitForURL('**/portal/management/booking/add');
    await pickBySearch(page, page.getByTestId('booking-driver'), 'arslan', 'Zeynep Arslan');
    await page.getByTestId('booking-card').click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle("Zeynep's card (DEMO0002)", { exact: true })
      .click();
    await pickBySearch(page, page.getByTestId('booking-charge-point'), CP, `${NAME} (${CP})`);
    await page.getByTestId('booking-connector').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Connector 1', { exact: true }).click();
    await page.getByTestId('booking-name').fill('34 VLT 01');
    await page.getByTestId('booking-submit').click();

    // Back on the list, with the charger's answer.
    await page.waitForURL(`**/portal/management/booking?chargePointId=${CP}`);
    const row = bookingRows(page).filter({ hasText: CP });
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('Active');
    expect(await row.innerText()).toContain('Zeynep Arslan');
    await screenshot(page, 'bookings');

    // The charger reports the connector Reserved; the charge point's connectors show it.
    await page.goto(`${server.url}/portal/management/device/detail/${CP}/connectors`);
    const connectors = page.getByTestId('connector-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => connectors.first().innerText(), { timeout: 15_000 }).toContain('Reserved');

    // The driver arrives and starts with the booked card: the booking is used by that session.
    const started = await charger.startSession(1, 'DEMO0002');
    expect(started.status).toBe('Accepted');
    await page.goto(`${server.url}/portal/management/booking?chargePointId=${CP}`);
    await expect
      .poll(() => bookingRows(page).filter({ hasText: CP }).innerText(), { timeout: 15_000 })
      .toContain(`Used`);
    expect(await bookingRows(page).filter({ hasText: CP }).innerText()).toContain(
      `session #${started.transactionId}`,
    );
    await context.close();
  });

  it('starts on the first available connector and shows the charger’s refusal as a refusal', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/booking/add');
    await pickBySearch(page, page.getByTestId('booking-driver'), 'arslan', 'Zeynep Arslan');
    await page.getByTestId('booking-card').click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle("Zeynep's card (DEMO0002)", { exact: true })
      .click();
    await pickBySearch(page, page.getByTestId('booking-charge-point'), CP, `${NAME} (${CP})`);
    // Connector 1 is charging (the session above): the form offers connector 2, not "any connector".
    const connector = page.getByTestId('booking-connector');
    await expect.poll(() => connector.innerText(), { timeout: 10_000 }).toContain('Connector 2');
    expect(await connector.innerText()).not.toContain('Any connector');

    // Booking the charging connector: the charger answers Occupied, shown as a refusal.
    await connector.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Connector 1', { exact: true }).click();
    await page.getByTestId('booking-submit').click();
    await page
      .locator('.ant-notification-notice-warning')
      .getByText('The charge point refused the booking: Occupied.')
      .waitFor();
    expect(await page.locator('.ant-notification-notice-success').count()).toBe(0);
    await context.close();
  });
});
