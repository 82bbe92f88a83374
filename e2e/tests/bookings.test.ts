import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startCharger, type SimCharger } from '@voltline/simulator';
import {
  api,
  launchBrowser,
  newPage,
  pickBySearch,
  screenshot,
  signInAs,
  uniqueName,
} from '../support/browser';
import { endLeftovers } from '../support/charger';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
// Kept so that a retry can end what its first attempt left charging.
const chargers: SimCharger[] = [];

/** The first test's charge point, which the second books again: this attempt's own. */
let cp = '';
const NAME = 'Mall car park';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all(chargers.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await server?.stop();
});

const bookingRows = (page: Page) => page.getByTestId('booking-table').locator('tbody tr.ant-table-row');

describe('bookings', () => {
  it('books a connector for a driver’s card, shows it Reserved, and marks the booking used when that card starts', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/device');
    // A retry starts where the first attempt began: Zeynep's card holds no booking (else
    // booking.cardBooked) and charges nowhere (else ConcurrentTx).
    const held = await api<{ items: { id: number; idTag: string }[] }>(
      page,
      'GET',
      'portal/booking?state=active&size=100',
    );
    for (const b of held.items.filter((b) => b.idTag === 'DEMO0002')) {
      await api(page, 'DELETE', `portal/booking/${b.id}`);
    }
    await endLeftovers(chargers);
    cp = uniqueName('BOOK-E2E');
    const me = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
    const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
      chargePointId: cp,
      name: NAME,
      operatorId: me.operatorId,
      connectorCount: 2,
    });
    const charger = await startCharger({
      url: creds.ocppUrl.slice(0, -(cp.length + 1)),
      id: cp,
      password: creds.password,
    });
    chargers.push(charger);

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
    await pickBySearch(page, page.getByTestId('booking-charge-point'), cp, `${NAME} (${cp})`);
    await page.getByTestId('booking-connector').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Connector 1', { exact: true }).click();
    await page.getByTestId('booking-name').fill('34 VLT 01');
    await page.getByTestId('booking-submit').click();

    // Back on the list, with the charger's answer.
    await page.waitForURL(`**/portal/management/booking?chargePointId=${cp}`);
    const row = bookingRows(page).filter({ hasText: cp });
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('Active');
    expect(await row.innerText()).toContain('Zeynep Arslan');
    await screenshot(page, 'bookings');

    // The charger reports the connector Reserved; the charge point's connectors show it.
    await page.goto(`${server.url}/portal/management/device/detail/${cp}/connectors`);
    const connectors = page.getByTestId('connector-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => connectors.first().innerText(), { timeout: 15_000 }).toContain('Reserved');

    // The driver arrives and starts with the booked card: the booking is used by that session.
    const started = await charger.startSession(1, 'DEMO0002');
    expect(started.status).toBe('Accepted');
    await page.goto(`${server.url}/portal/management/booking?chargePointId=${cp}`);
    await expect
      .poll(() => bookingRows(page).filter({ hasText: cp }).innerText(), { timeout: 15_000 })
      .toContain(`Used`);
    expect(await bookingRows(page).filter({ hasText: cp }).innerText()).toContain(
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
    await pickBySearch(page, page.getByTestId('booking-charge-point'), cp, `${NAME} (${cp})`);
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
