import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startCharger, type SimCharger } from '@voltline/simulator';
import {
  api,
  launchBrowser,
  newPage,
  pick,
  pickBySearch,
  screenshot,
  signInAs,
  uniqueName,
} from '../support/browser';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
const chargers: SimCharger[] = [];

beforeAll(async () => {
  // Five browser sessions from one address within a minute: the per-address limit (600 requests a
  // minute, portal files included) is meant for one person, not for this file.
  [server, browser] = await Promise.all([startServer({ RATE_LIMIT_PER_MINUTE: '5000' }), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all(chargers.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await server?.stop();
});

/** A charge point registered through the API under the user's operator, connected as a simulated charger. */
async function connectCharger(page: Page, id: string): Promise<SimCharger> {
  const me = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
  const created = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
    chargePointId: id,
    name: 'E2E drivers charger',
    operatorId: me.operatorId,
    connectorCount: 1,
  });
  const charger = await startCharger({
    url: created.ocppUrl.slice(0, -(id.length + 1)),
    id,
    password: created.password,
    connectors: 1,
    // Ask the central system every time, so a status change shows at the next swipe.
    config: { LocalPreAuthorize: 'false', AuthorizationCacheEnabled: 'false' },
  });
  chargers.push(charger);
  return charger;
}

describe('driver management', () => {
  it('creates a driver with a vehicle and a card, adjusts the balance and blocks the driver', async () => {
    // This attempt's own card and charge point: a retry finds the first attempt's numbers taken.
    const CARD = uniqueName('E2EDRV');
    const cpId = uniqueName('E2E-DRIVERS');
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'main@voltline.local', '/portal/management/driver');
    await page.getByTestId('driver-table').locator('tbody tr.ant-table-row').first().waitFor();
    await screenshot(page, 'drivers-list');

    await page.getByRole('button', { name: 'Add driver' }).click();
    await page.getByRole('heading', { name: 'Add driver' }).waitFor();
    await page.getByLabel('First name').fill('Can');
    await page.getByLabel('Last name').fill('Şahin');
    await page.getByLabel('E-mail').fill('can.sahin@example.com');
    await page.getByLabel('Phone').fill('+90 532 000 44 55');

    await page.getByTestId('add-vehicles').click();
    await page.getByLabel('Vehicle', { exact: true }).fill('Togg T10X');
    await page.getByLabel('Model').fill('V2 RWD Long Range');
    await page.getByLabel('Year').fill('2024');
    await pick(page, 'vehicle-socket-type', 'CCS2');
    // A VIN with the letter O is caught before anything is sent.
    await page.getByLabel('VIN').fill('NLHBB81CBOZ000001');
    await page.getByTestId('add-rfidCards').click();
    await page.getByLabel('Card number').fill(CARD);
    await page.getByLabel('Card name').fill('Personal card');
    await page.getByRole('button', { name: 'Create driver' }).click();
    await page.getByText('A VIN has 17 letters and digits, without I, O or Q').waitFor();
    await page.getByLabel('VIN').fill('nlhbb81cb0z000001');
    expect(await page.getByLabel('VIN').inputValue()).toBe('NLHBB81CB0Z000001');
    await screenshot(page, 'driver-add');
    await page.getByRole('button', { name: 'Create driver' }).click();

    await page.waitForURL(/\/portal\/management\/driver\/detail\/\d+$/);
    await page.getByRole('heading', { name: /Can Şahin/ }).waitFor();
    const cards = page.getByTestId('driver-cards');
    await expect.poll(() => cards.innerText()).toContain(CARD);
    await expect.poll(() => cards.innerText()).toContain('Active');

    // The card opens a charger while the driver is active.
    const charger = await connectCharger(page, cpId);
    expect((await charger.swipe(CARD, 1)).status).toBe('Accepted');

    // Balance: a top-up with its reason becomes a ledger line and the new balance.
    await page.getByTestId('adjust-balance').click();
    const balanceDialog = page.getByRole('dialog', { name: 'Adjust balance' });
    await balanceDialog.getByLabel('Amount').fill('150.75');
    await pick(page, 'balance-kind', 'Top-up');
    await balanceDialog.getByLabel('Reason').fill('Welcome credit for the pilot programme');
    await screenshot(page, 'driver-balance-dialog');
    await balanceDialog.getByRole('button', { name: 'Post entry' }).click();
    await page.getByText('Balance updated.').waitFor();
    await expect.poll(() => page.getByTestId('driver-balance').innerText()).toMatch(/₺150\.75/);
    await page.getByRole('tab', { name: 'Balance ledger' }).click();
    const ledgerLine = page.getByTestId('driver-ledger').locator('tbody tr.ant-table-row').first();
    await expect.poll(() => ledgerLine.innerText()).toContain('Welcome credit for the pilot programme');
    await expect.poll(() => ledgerLine.innerText()).toMatch(/\+₺150\.75/);
    await expect.poll(() => ledgerLine.innerText()).toContain('Top-up');
    await screenshot(page, 'driver-ledger');

    // Blocked with a reason: the status, its history, and the charger's answer change.
    await page.getByTestId('change-status').click();
    const statusDialog = page.getByRole('dialog', { name: 'Change driver status' });
    await pick(page, 'status-select', 'Blocked');
    await statusDialog.getByLabel('Reason').fill('Card reported stolen by the driver');
    await statusDialog.getByRole('button', { name: 'Change status' }).click();
    await page.getByText('Driver status changed.').waitFor();
    const heading = page.getByRole('heading', { name: /Can Şahin/ });
    await expect.poll(() => heading.getByTestId('driver-status').innerText()).toBe('Blocked');
    await page.getByRole('tab', { name: 'Status history' }).click();
    const history = page.getByTestId('driver-status-history');
    await expect.poll(() => history.innerText()).toContain('Card reported stolen by the driver');
    await screenshot(page, 'driver-status-history');

    expect((await charger.swipe(CARD, 1)).status).toBe('Blocked');
    await context.close();
  });

  it('archives a card with confirmation and restores it', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'callcenter@voltline.local', '/portal/management/driver?search=ali.yilmaz');
    await page.getByTestId('driver-table').getByRole('link', { name: /Ali/ }).click();
    await page.waitForURL(/\/driver\/detail\/\d+$/);
    // A first attempt may have archived Ali's only card and stopped before restoring it: it is
    // active again first, or the list has no card to archive.
    const driverId = page.url().split('/').pop() ?? '';
    const cards = await api<{ id: number; archived: boolean }[]>(
      page,
      'GET',
      `portal/driver/RFIDCards/${driverId}`,
    );
    const left = cards.filter((c) => c.archived);
    for (const card of left) await api(page, 'PUT', `portal/driver/RFIDCards/Unarchive/${card.id}`);
    if (left.length > 0) await page.reload();
    const row = page.getByTestId('driver-cards').locator('tbody tr.ant-table-row').first();
    await row.waitFor();
    const number = (await row.locator('code').first().innerText()).trim();
    await row.getByRole('button', { name: 'Archive' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Archive' }).click();
    await page.getByText('Card archived.').waitFor();
    await page.getByRole('switch', { name: /Show archived/ }).click();
    const archived = page.getByTestId('driver-cards').locator('tbody tr.ant-table-row', { hasText: number });
    await expect.poll(() => archived.innerText()).toContain('Archived');
    await screenshot(page, 'driver-cards-archived');
    await archived.getByRole('button', { name: 'Restore' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Card restored.').waitFor();
    await expect.poll(() => archived.innerText()).toContain('Active');
    await context.close();
  });

  it('shows the driver screens in Turkish with Turkish money', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'main@voltline.local');
    await page.evaluate(() => localStorage.setItem('FELOCALE', 'tr'));
    await page.goto('/portal/management/driver?search=ali.yilmaz');
    await page.getByRole('heading', { name: 'Sürücüler' }).waitFor();
    const table = page.getByTestId('driver-table');
    await expect.poll(() => table.innerText()).toMatch(/₺[\d.]+,\d{2}/);
    await screenshot(page, 'drivers-list-tr');
    await table.getByRole('link', { name: /Ali/ }).click();
    await page.getByRole('heading', { name: 'Sürücü ayrıntıları' }).waitFor();
    await page.getByRole('button', { name: 'Bakiyeyi düzelt' }).click();
    await page
      .getByRole('dialog', { name: 'Bakiyeyi düzelt' })
      .getByRole('button', { name: 'Kaydı işle' })
      .click();
    await page.getByText('Lütfen Tutar alanını doldurun').waitFor();
    await screenshot(page, 'driver-balance-dialog-tr');
    await context.close();
  });

  it('offers a Finance user the drivers without changing them', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'finance@voltline.local', '/portal/management/driver');
    await page.getByTestId('driver-table').locator('tbody tr.ant-table-row').first().waitFor();
    expect(await page.getByRole('button', { name: 'Add driver' }).count()).toBe(0);
    await page.getByTestId('driver-table').getByRole('link').first().click();
    await page.waitForURL(/\/driver\/detail\/\d+$/);
    await page.getByTestId('driver-balance').waitFor();
    expect(await page.getByTestId('adjust-balance').count()).toBe(0);
    expect(await page.getByTestId('change-status').count()).toBe(0);
    await page.goto('/portal/management/driver/add');
    await page.getByText('No access').waitFor();
    await context.close();
  });

  it('downloads the filtered driver list as an Excel file', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'main@voltline.local', '/portal/management/driver?status=active');
    await page.getByTestId('driver-table').locator('tbody tr.ant-table-row').first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-excel').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^drivers-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const { readFileSync } = await import('node:fs');
    expect(
      readFileSync(await file.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    await context.close();
  });

  it('finds any driver of a large network in the session and payment filters by typing', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'main@voltline.local');
    const me = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
    // More drivers than the filter lists before anything is typed, the one wanted last by name.
    for (let n = 1; n <= 25; n++) {
      await api(page, 'POST', 'portal/Driver', {
        name: 'Fleet',
        surname: `Driver ${String(n).padStart(2, '0')}`,
        operatorId: me.operatorId,
      });
    }
    // Her own surname each attempt, so a rerun does not find the first attempt's driver too.
    const surname = `Öztürk-${Date.now().toString(36)}`;
    const fullName = `Zeynep ${surname}`;
    const wanted = await api<{ id: number }>(page, 'POST', 'portal/Driver', {
      name: 'Zeynep',
      surname,
      operatorId: me.operatorId,
    });

    // The filter's first matches before anything is typed (20, by name) leave her out.
    const first = await api<{ items: { id: number }[] }>(
      page,
      'POST',
      'portal/Driver/GetDriversDynamic?index=0&size=20',
      {
        sortBy: 'name',
        sortOrder: 'asc',
      },
    );
    expect(first.items).toHaveLength(20);
    expect(first.items.map((d) => d.id)).not.toContain(wanted.id);

    await page.goto('/portal/reports/chargingsessions?tab=all');
    const filter = page.getByTestId('session-filter-driver');
    await pickBySearch(page, filter, 'zeyn', fullName);
    await page.waitForURL(new RegExp(`driverId=${wanted.id}`));
    await screenshot(page, 'sessions-driver-filter');
    // After a reload the filter still names the driver, though the first matches do not include her.
    await page.reload();
    await expect.poll(() => filter.innerText()).toContain(fullName);

    // The payments filter finds her the same way, by e-mail, phone, card or name.
    await page.goto('/portal/reports/payments');
    await pickBySearch(page, page.getByRole('combobox', { name: 'Driver' }), surname, fullName);
    await page.waitForURL(new RegExp(`driverId=${wanted.id}`));
    await context.close();
  });
});
