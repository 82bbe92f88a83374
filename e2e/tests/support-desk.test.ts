import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { confirmWith, launchBrowser, newPage, signInAs, uniqueName } from '../support/browser';
import { serverApi, startServer, type TestServer } from '../support/server';

// Small things a support team meets every day: what a deleted record leaves behind, where notices
// appear, what Finance reads on a connector, what the smart-charging dialog offers.

let server: TestServer;
let browser: Browser;
let token = '';
let operatorId = 0;

const api = <T>(path: string, body?: unknown, method?: string) =>
  serverApi<T>(server, path, token, body, method);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  ({ token } = await serverApi<{ token: string }>(server, 'portal/Auth/login', undefined, {
    Email: 'admin@voltline.local',
    Password: 'voltline-demo1',
  }));
  ({ operatorId } = await api<{ operatorId: number }>('portal/Auth/me'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const newTariff = (name: string) =>
  api<{ id: number }>('portal/tariff', {
    name,
    operatorId,
    type: 'AC',
    paymentType: 'Postpaid',
    pricePerKwh: 450,
  });

const newChargePoint = (chargePointId: string) =>
  api<{ chargePoint: { id: number } }>('portal/ChargePoint', {
    chargePointId,
    name: chargePointId,
    operatorId,
    connectorCount: 1,
  });

/** Waits a moment in which a late notice would have appeared; answers the error notices shown. */
async function errorNoticesAfterAWhile(page: Page): Promise<string[]> {
  await page.waitForTimeout(2_000);
  return page.locator('.ant-notification-notice-error').allInnerTexts();
}

const overlaps = async (a: Locator, b: Locator) => {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

describe('the support desk', () => {
  it('deletes a driver and a tariff and goes back to the list without an error notice', async () => {
    const driver = await api<{ id: number }>('portal/Driver', {
      name: 'Silinecek',
      surname: 'Sürücü',
      operatorId,
    });
    const tariff = await newTariff('Silinecek tarife');
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', `/portal/management/driver/detail/${driver.id}`);
    await page.getByTestId('driver-delete').click();
    await confirmWith(page, 'Delete');
    await page.waitForURL('**/portal/management/driver');
    expect(await errorNoticesAfterAWhile(page)).toEqual([]);

    await page.goto(`/portal/management/tariff/detail/${tariff.id}`);
    await page.getByTestId('tariff-details').waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).first().click();
    await confirmWith(page, 'Delete');
    await page.waitForURL('**/portal/management/tariff');
    expect(await errorNoticesAfterAWhile(page)).toEqual([]);
  });

  it("shows a saved change's notice away from the screen's buttons", async () => {
    const tariff = await newTariff('Emekli tarife');
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', `/portal/management/tariff/detail/${tariff.id}`);
    await page.getByTestId('tariff-details').waitFor();
    await page.getByRole('button', { name: 'Retire', exact: true }).first().click();
    await confirmWith(page, 'Retire');
    const notice = page.locator('.ant-notification-notice-success');
    await notice.waitFor();
    // A retired tariff offers Reinstate beside Delete. A button's name may start with its icon's.
    for (const name of ['Reinstate', 'Delete']) {
      const button = page.getByRole('button', { name: new RegExp(`(^| )${name}$`) }).first();
      expect(await overlaps(notice, button), name).toBe(false);
    }
  });

  it("names a connector's tariff to Finance and CallCenter", async () => {
    const tariff = await newTariff('Gece AC');
    // An id of this attempt's own: a retry would be refused its first attempt's.
    const cpId = uniqueName('DESK-TARIFF-1');
    const cp = await newChargePoint(cpId);
    const [connector] = await api<{ id: number }[]>(`portal/connector?chargePointDbId=${cp.chargePoint.id}`);
    await api('portal/connector', { id: connector?.id, tariffId: tariff.id }, 'PUT');
    for (const email of ['finance@voltline.local', 'callcenter@voltline.local']) {
      const { context, page } = await newPage(browser, server.url);
      await signInAs(page, email, `/portal/management/device/detail/${cpId}`);
      await page.getByRole('tab', { name: 'Connectors' }).click();
      await page.getByRole('cell', { name: 'Gece AC' }).waitFor();
      expect(await page.getByRole('cell', { name: `#${tariff.id}`, exact: true }).count(), email).toBe(0);
      await context.close();
    }
  });

  it('keeps the footer whole in right-to-left mode: the copyright first, on the right', async () => {
    const { context, page } = await newPage(browser, server.url);
    await context.addInitScript(() =>
      localStorage.setItem('voltline_theme', JSON.stringify({ state: { direction: 'rtl' }, version: 0 })),
    );
    await signInAs(page, 'admin@voltline.local', '/portal/management/tariff');
    const pieces = page.getByTestId('footer').locator('bdi');
    await expect.poll(() => pieces.count()).toBe(2);
    const [copyright, version] = await pieces.allInnerTexts();
    expect(copyright).toMatch(/^© \d{4} Voltline$/);
    expect(version).toMatch(/^Version \d+\.\d+\.\d+/);
    const [right, left] = [await pieces.nth(0).boundingBox(), await pieces.nth(1).boundingBox()];
    expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);
  });

  it('offers no archived charge point in the Add charge points dialog', async () => {
    // Ids of this attempt's own: a retry would be refused its first attempt's.
    const p = uniqueName('DESK-SC');
    await newChargePoint(`${p}-IN`);
    await newChargePoint(`${p}-FREE`);
    const archived = await newChargePoint(`${p}-GONE`);
    await api(`portal/ChargePoint/${archived.chargePoint.id}`, undefined, 'DELETE');
    const group = await api<{ id: number }>('portal/SmartCharging', {
      name: 'Desk depot',
      operatorId,
      chargingRateUnit: 'A',
      mode: 'equal',
      maxPower: 32,
      minPerSession: 6,
      schedule: [{ from: '07:00', limit: 20 }],
      chargePointIds: [`${p}-IN`],
    });
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', `/portal/management/smartCharging/detail/${group.id}`);
    await page.getByTestId('sc-members-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('searchbox').fill(p);
    await dialog.getByRole('searchbox').press('Enter');
    await dialog
      .getByRole('cell', { name: `${p}-FREE` })
      .first()
      .waitFor();
    expect(await dialog.getByText(`${p}-GONE`).count()).toBe(0);
  });
});
