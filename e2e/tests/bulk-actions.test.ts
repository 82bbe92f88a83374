import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startCharger, type SimCharger } from '@voltline/simulator';
import {
  api,
  checkSurely,
  launchBrowser,
  newPage,
  pick,
  applyTo,
  chooseBulkAction,
  screenshot,
  signInAs,
  uniqueName,
} from '../support/browser';
import { startServer, type TestServer } from '../support/server';

// Bulk actions on the charge point list: tick rows (or every row the filter matches), act on them
// once, and read what became of each row, a refusal in red words.

let server: TestServer;
let browser: Browser;
const chargers: SimCharger[] = [];
const LIST = '/portal/management/device';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all(chargers.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await server?.stop();
});

/** Creates a charge point of İstanbul through the API; returns what its charger connects with. */
async function chargePoint(page: Page, id: string) {
  const operators = await api<{ id: number; name: string }[]>(page, 'GET', 'portal/operator/lookup');
  const operatorId = operators.find((op) => op.name === 'Voltline İstanbul')?.id;
  const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
    chargePointId: id,
    name: id,
    operatorId,
    connectorCount: 1,
  });
  return { url: creds.ocppUrl.slice(0, -(id.length + 1)), id, password: creds.password };
}

const rows = (page: Page) => page.getByTestId('cp-table').locator('tbody tr.ant-table-row');

describe('bulk actions on the charge point list', () => {
  it('resets two ticked charge points and shows each one’s outcome: one done, one refused in red words', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    // Names of their own, so a second attempt of the test does not meet the first one's.
    const ON = uniqueName('BLK') + '-ON';
    const OFF = ON.replace(/-ON$/, '-OFF');
    chargers.push(await startCharger(await chargePoint(page, ON)));
    await chargePoint(page, OFF);

    await page.goto(`${LIST}?list=all&search=${ON.slice(0, -2)}`);
    await expect.poll(() => rows(page).count()).toBe(2);
    await expect
      .poll(() => rows(page).filter({ hasText: ON }).innerText(), { timeout: 15_000 })
      .toMatch(/\bConnected\b/);
    for (const id of [ON, OFF]) {
      await checkSurely(rows(page).filter({ hasText: id }).getByRole('checkbox'));
    }
    await expect.poll(() => page.getByTestId('bulk-count').innerText()).toBe('2 selected');

    await chooseBulkAction(page, 'Reset');
    const dialog = page.getByRole('dialog', { name: 'Reset' });
    // A click while the dialog is still opening can be lost: check until it holds.
    const hard = dialog.getByLabel('Hard');
    await expect
      .poll(async () => {
        await hard.check({ timeout: 2_000 }).catch(() => undefined);
        return hard.isChecked();
      })
      .toBe(true);
    await applyTo(page, 'Reset', 2);

    const results = page.getByTestId('bulk-results');
    await results.waitFor();
    const on = results.locator('tr', { hasText: ON });
    const off = results.locator('tr', { hasText: OFF });
    await expect.poll(() => on.innerText()).toContain('The charge point accepted (Accepted).');
    expect(await on.locator('[data-outcome]').innerText()).toBe('Done');
    expect(await off.innerText()).toContain(`Charge point ${OFF} is not connected.`);
    const refusal = off.locator('[data-outcome]');
    expect(await refusal.innerText()).toBe('Refused');
    expect(await refusal.getAttribute('class')).toContain('ant-tag-red');
    expect(await page.getByTestId('bulk-summary').innerText()).toBe('Done: 1 · Refused: 1 · Failed: 0');
    await screenshot(page, 'bulk-reset-results');
  });

  it('archives every charge point matching the filter, beyond the page, then restores them all', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const prefix = `${uniqueName('BLKA')}-`;
    for (let n = 1; n <= 12; n++) await chargePoint(page, `${prefix}${String(n).padStart(2, '0')}`);

    await page.goto(`${LIST}?list=all&search=${prefix}`);
    await expect.poll(() => rows(page).count()).toBe(10);
    await checkSurely(page.getByTestId('cp-table').locator('thead').getByRole('checkbox'));
    await expect.poll(() => page.getByTestId('bulk-count').innerText()).toBe('10 selected');
    await page.getByTestId('bulk-select-all').click();
    await expect
      .poll(() => page.getByTestId('bulk-count').innerText())
      .toBe('All 12 matching the filter are selected');

    await chooseBulkAction(page, 'Archive');
    await applyTo(page, 'Archive', 12);
    await expect
      .poll(() => page.getByTestId('bulk-summary').innerText())
      .toBe('Done: 12 · Refused: 0 · Failed: 0');
    await page.getByTestId('bulk-results-close').click();
    const archived = await api<{ total: number }>(
      page,
      'POST',
      'portal/ChargePoint/GetDeletedChargePointsDynamic?index=0&size=10',
      {
        search: prefix,
      },
    );
    expect(archived.total).toBe(12);

    await expect.poll(() => rows(page).filter({ hasText: 'Archived' }).count()).toBe(10);
    await checkSurely(page.getByTestId('cp-table').locator('thead').getByRole('checkbox'));
    await page.getByTestId('bulk-select-all').click();
    await chooseBulkAction(page, 'Restore');
    await applyTo(page, 'Restore', 12);
    await expect
      .poll(() => page.getByTestId('bulk-summary').innerText())
      .toBe('Done: 12 · Refused: 0 · Failed: 0');
    const results = page.getByTestId('bulk-results');
    expect(await results.locator('tbody tr').first().innerText()).toContain('Charge point restored.');
    await page.getByTestId('bulk-results-close').click();

    // One tariff on every connector of all twelve, chosen in the confirmation.
    const operators = await api<{ id: number; name: string }[]>(page, 'GET', 'portal/operator/lookup');
    const tariff = uniqueName('Bulk AC tariff');
    await api(page, 'POST', 'portal/tariff', {
      name: tariff,
      operatorId: operators.find((op) => op.name === 'Voltline İstanbul')?.id,
      type: 'AC',
      paymentType: 'Postpaid',
      pricePerKwh: 750,
    });
    await expect.poll(() => rows(page).filter({ hasText: 'Archived' }).count()).toBe(0);
    await checkSurely(page.getByTestId('cp-table').locator('thead').getByRole('checkbox'));
    await page.getByTestId('bulk-select-all').click();
    await chooseBulkAction(page, 'Assign a tariff');
    await pick(page, 'bulk-tariff', tariff);
    await applyTo(page, 'Assign a tariff', 12);
    await expect
      .poll(() => page.getByTestId('bulk-summary').innerText())
      .toBe('Done: 12 · Refused: 0 · Failed: 0');
    expect(await results.locator('tbody tr').first().innerText()).toContain('Tariff set on 1 connector(s).');
    await screenshot(page, 'bulk-tariff-results');
  });
});

describe('bulk actions on a driver’s RFID cards', () => {
  it('blocks the ticked cards: two done, the one already blocked refused in red words; then archives them', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    // Card numbers are unique across the network: each attempt has its own.
    const prefix = uniqueName('BC');
    const operators = await api<{ id: number; name: string }[]>(page, 'GET', 'portal/operator/lookup');
    const driver = await api<{ id: number }>(page, 'POST', 'portal/Driver', {
      name: 'Bulk',
      surname: prefix,
      operatorId: operators.find((op) => op.name === 'Voltline İstanbul')?.id,
      rfidCards: [
        { number: `${prefix}-1` },
        { number: `${prefix}-2` },
        { number: `${prefix}-3`, status: 'blocked' },
      ],
    });
    await page.goto(`/portal/management/driver/detail/${driver.id}`);
    const cards = page.getByTestId('driver-cards').locator('tbody tr.ant-table-row');
    await cards.first().waitFor();
    await expect.poll(() => cards.count()).toBe(3);
    await checkSurely(page.getByTestId('driver-cards').locator('thead').getByRole('checkbox'));
    await expect.poll(() => page.getByTestId('bulk-count').innerText()).toBe('3 selected');

    await chooseBulkAction(page, 'Block');
    await applyTo(page, 'Block', 3);
    const results = page.getByTestId('bulk-results');
    await expect
      .poll(() => page.getByTestId('bulk-summary').innerText())
      .toBe('Done: 2 · Refused: 1 · Failed: 0');
    expect(await results.locator('tr', { hasText: `${prefix}-1` }).innerText()).toContain(
      'Card blocked: no charger accepts it.',
    );
    const refused = results.locator('tr', { hasText: `${prefix}-3` });
    expect(await refused.innerText()).toContain('Already blocked; nothing was done.');
    expect(await refused.locator('[data-outcome]').getAttribute('class')).toContain('ant-tag-red');
    await screenshot(page, 'bulk-card-results');
    await page.getByTestId('bulk-results-close').click();
    await expect.poll(() => cards.filter({ hasText: 'Blocked' }).count()).toBe(3);

    await cards
      .filter({ hasText: `${prefix}-1` })
      .getByRole('checkbox')
      .check();
    await cards
      .filter({ hasText: `${prefix}-2` })
      .getByRole('checkbox')
      .check();
    await chooseBulkAction(page, 'Archive');
    await applyTo(page, 'Archive', 2);
    await expect
      .poll(() => page.getByTestId('bulk-summary').innerText())
      .toBe('Done: 2 · Refused: 0 · Failed: 0');
    await page.getByTestId('bulk-results-close').click();
    await expect.poll(() => cards.count()).toBe(1);
  });
});
