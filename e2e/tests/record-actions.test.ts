import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { SimCharger } from '@voltline/simulator';
import {
  api,
  confirmWith,
  launchBrowser,
  newPage,
  screenshot,
  signInAs,
  uniqueName,
} from '../support/browser';
import { chargerWithTariff, endLeftovers } from '../support/charger';
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

/** Hovers an element and returns the text of the tooltip it opens. */
async function tooltipOf(page: Page, target: Locator): Promise<string> {
  await target.hover();
  const tip = page.locator('.ant-tooltip:visible');
  await tip.first().waitFor();
  return (await tip.first().innerText()).trim();
}

/**
 * Hovers an element until a tooltip reads `text`. The tooltip of the element hovered before may
 * still be fading out, so the visible ones are searched rather than the first taken.
 */
async function expectTooltip(page: Page, target: Locator, text: string): Promise<void> {
  await page.mouse.move(0, 0);
  await target.hover();
  await expect
    .poll(async () => (await page.locator('.ant-tooltip:visible').allInnerTexts()).map((t) => t.trim()))
    .toContain(text);
}

/**
 * Opens a date field's calendar and picks today, as a user would; picking closes the calendar.
 * A click that lands during the opening animation is lost, so it is repeated until it closes.
 */
async function pickToday(page: Page, input: Locator): Promise<void> {
  await input.click();
  const today = page.locator('.ant-picker-dropdown:visible td.ant-picker-cell-today');
  await expect
    .poll(async () => {
      if (!(await today.isVisible())) return input.inputValue();
      await today.click({ timeout: 2000 }).catch(() => undefined);
      return '';
    })
    .not.toBe('');
}

describe('record screens', () => {
  it('shows the picked activation date as a date, in English and in Turkish', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/device/add');
    const date = page.locator('#chargePoint_activationDate');
    await pickToday(page, date);
    // e.g. "23 Nov 2026", never the bare format token "L".
    expect(await date.inputValue()).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4}$/);

    await page.evaluate(() => localStorage.setItem('FELOCALE', 'tr'));
    await page.goto('/portal/management/device/edit/1');
    await pickToday(page, date);
    expect(await date.inputValue()).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    await context.close();
  });

  it('goes back to the list after deleting a user, without asking for the deleted record', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const me = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
    const email = `${uniqueName('e2e-delete').toLowerCase()}@example.com`;
    const user = await api<{ id: number }>(page, 'POST', 'portal/user', {
      email,
      name: 'Silinecek',
      surname: 'Kullanıcı',
      operatorId: me.operatorId,
      roles: ['Finance'],
      password: 'finance-pass1',
    });
    await page.goto(`/portal/management/user/detail/${user.id}`);
    await page.getByRole('heading', { name: /Silinecek Kullanıcı/ }).waitFor();

    const reads: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'GET' && new URL(req.url()).pathname.endsWith(`/portal/user/${user.id}`))
        reads.push(req.url());
    });
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirmWith(page, 'Delete');

    await page.waitForURL(/\/portal\/management\/user$/);
    await page.locator('.ant-notification-notice-success').getByText('User deleted.').waitFor();
    const rows = page.getByTestId('user-table').locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.filter({ hasText: email }).count()).toBe(0);
    // Give a stray read of the deleted user time to come back as an error.
    await page.waitForTimeout(1500);
    expect(await page.locator('.ant-notification-notice-error').count()).toBe(0);
    expect(reads).toEqual([]);
    await context.close();
  });

  it('does not offer to archive an operator the server would refuse, and says why', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'main@voltline.local', '/portal/management/operator');
    const tree = page.getByTestId('operator-tree');
    const row = (name: string) => tree.locator('tbody tr.ant-table-row').filter({ hasText: name }).first();
    const archive = (name: string) => row(name).getByRole('button', { name: 'Archive' });
    await archive('Voltline Demo Network').waitFor();
    // Their own top operator, and an operator that still runs charge points.
    await expect.poll(() => archive('Voltline Demo Network').isDisabled()).toBe(true);
    expect(await tooltipOf(page, archive('Voltline Demo Network'))).toBe(
      'Your own operator cannot be archived.',
    );
    await expect.poll(() => archive('Voltline İstanbul').isDisabled()).toBe(true);
    await context.close();
  });

  it('keeps the last active Admin an active Admin in the form', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const me = await api<{ id: number }>(page, 'GET', 'portal/Auth/me');
    await page.goto(`/portal/management/user/edit/${me.id}`);
    await page.getByText('The last active Admin cannot be deactivated.', { exact: false }).waitFor();
    expect(await page.getByTestId('user-form-active').isDisabled()).toBe(true);
    // The Admin tag cannot be removed from the roles.
    const adminTag = page
      .getByTestId('user-form-roles')
      .locator('.ant-select-selection-item', { hasText: 'Admin' });
    await adminTag.waitFor();
    expect(await adminTag.locator('.ant-select-selection-item-remove').count()).toBe(0);
    await context.close();
  });

  it('does not offer to archive or delete what a running session holds, and says why', async () => {
    // A retry must not find DEMO0001 still charging at the first attempt's charger.
    await endLeftovers(chargers);
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const cpId = uniqueName('E2E-BUSY');
    const charger = await chargerWithTariff(page, {
      id: cpId,
      operator: 'Voltline İstanbul',
      site: 'Quay',
      connectorCount: 2,
      tariff: { name: 'E2E Busy AC', price: 850, fixed: 0 },
      charger: { idTags: ['DEMO0001'] },
    });
    chargers.push(charger);
    // Ali Yılmaz's card charges on connector 1; connector 2 has never been used.
    expect((await charger.startSession(1, 'DEMO0001')).status).toBe('Accepted');

    // The charge point: Archive in its header and in its list row.
    await page.goto(`/portal/management/device/detail/${cpId}`);
    const busyCp = 'It cannot be archived while a charging session is running on it. Stop the session first.';
    const archiveCp = page.getByTestId('cp-archive');
    await expect.poll(() => archiveCp.isDisabled()).toBe(true);
    await expectTooltip(page, archiveCp, busyCp);

    // Its connectors: the charging one is not archived, the one with history is not deleted.
    await page.goto(`/portal/management/device/detail/${cpId}/connectors`);
    const rows = page.getByTestId('connector-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    const [one, two] = [rows.nth(0), rows.nth(1)];
    await expect.poll(() => one.getByRole('button', { name: 'Archive' }).isDisabled()).toBe(true);
    await expectTooltip(
      page,
      one.getByRole('button', { name: 'Archive' }),
      'It cannot be archived while it is charging. Stop the session first.',
    );
    expect(await one.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await expectTooltip(
      page,
      one.getByRole('button', { name: 'Delete' }),
      'It has charging history, so it cannot be deleted. Archive it instead.',
    );
    expect(await two.getByRole('button', { name: 'Archive' }).isDisabled()).toBe(false);
    expect(await two.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(false);
    await screenshot(page, 'connectors-refused-actions');

    await page.goto(`/portal/management/device?list=all&search=${cpId}`);
    const cpRow = page.getByTestId('cp-table').locator('tbody tr.ant-table-row').filter({ hasText: cpId });
    await expect.poll(() => cpRow.getByRole('button', { name: 'Archive' }).isDisabled()).toBe(true);
    await expectTooltip(page, cpRow.getByRole('button', { name: 'Archive' }), busyCp);

    // The driver whose card is charging: Delete in the list row and on the driver's page.
    const busyDriver =
      'A driver cannot be deleted while one of their charging sessions is running. Stop the session first.';
    await page.goto('/portal/management/driver?search=Yılmaz');
    const driverRow = page
      .getByTestId('driver-table')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: 'Yılmaz' });
    await expect.poll(() => driverRow.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await expectTooltip(page, driverRow.getByRole('button', { name: 'Delete' }), busyDriver);
    await driverRow.getByRole('button', { name: 'View' }).click();
    const deleteDriver = page.getByTestId('driver-delete');
    await expect.poll(() => deleteDriver.isDisabled()).toBe(true);
    await expectTooltip(page, deleteDriver, busyDriver);

    // In Turkish too.
    await page.evaluate(() => localStorage.setItem('FELOCALE', 'tr'));
    await page.reload();
    await page.getByTestId('driver-delete').getByText('Sil').waitFor();
    await expectTooltip(
      page,
      deleteDriver,
      'Devam eden bir şarj oturumu olan sürücü silinemez. Önce oturumu durdurun.',
    );
    await page.evaluate(() => localStorage.setItem('FELOCALE', 'en'));

    // Once the session ends, archiving the charge point is offered again without a reload.
    await page.goto(`/portal/management/device/detail/${cpId}`);
    await archiveCp.waitFor();
    expect(charger.stopSession(1)).toBe(true);
    await expect.poll(() => archiveCp.isDisabled(), { timeout: 15_000 }).toBe(false);
    await context.close();
  });
});
