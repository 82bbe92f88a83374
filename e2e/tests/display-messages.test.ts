import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startCharger201, type SimCharger201 } from '@voltline/simulator';
import { api, launchBrowser, newPage, screenshot, signInAs, uniqueName } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

// OCPP 2.0.1 O01-O05 as staff do them on a charge point's Display messages tab: a message added
// is listed, Refresh shows what the station holds, a refusal is said in words and red, and a
// message is cleared.

let server: TestServer;
let browser: Browser;
let station: SimCharger201 | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await station?.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('display messages', () => {
  it('O01/O03/O05 adds a message, lists what the station holds after refresh, shows a refusal red and clears', async () => {
    const CP = uniqueName('E2E-DSP');
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const me = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
    const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
      chargePointId: CP,
      name: `${CP} Moda`,
      operatorId: me.operatorId,
      connectorCount: 1,
    });
    station = await startCharger201({
      url: creds.ocppUrl.slice(0, -(CP.length + 1)),
      id: CP,
      password: creds.password,
    });

    await page.goto(`/portal/management/device/detail/${CP}`);
    // The tab shows once the charger has connected as a 2.0.1 station, among the settings.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Display messages' }).click();
    await page.getByTestId('dm-table').getByText('The charger holds no display message').waitFor();

    await page.getByTestId('dm-add').click();
    await page.getByTestId('dm-content').fill('Welcome to Moda');
    await page.locator('#dm-send').click();
    const answer = page.getByTestId('dm-answer');
    await answer.getByText('The charge point accepted the message.').waitFor();
    expect(await answer.getAttribute('class')).toContain('ant-alert-success');
    await page.getByTestId('dm-table').getByText('Welcome to Moda').waitFor();
    expect(station.displayMessages.get(1)?.message.content).toBe('Welcome to Moda');

    // A message the station holds that Voltline did not set shows after Refresh (O03).
    station.displayMessages.set(7, {
      id: 7,
      priority: 'InFront',
      message: { format: 'ASCII', language: 'en', content: 'Closed on Sunday' },
    });
    await page.getByTestId('dm-refresh').click();
    await page.getByTestId('dm-table').getByText('Closed on Sunday').waitFor();

    // A transaction the station does not run: refused, in words, red.
    await page.getByTestId('dm-add').click();
    await page.getByTestId('dm-content').fill('Enjoy your charge');
    await page.getByTestId('dm-transaction').fill('no-such-transaction');
    await page.locator('#dm-send').click();
    await answer.getByText('The charge point runs no such transaction.').waitFor();
    expect(await answer.getAttribute('class')).toContain('ant-alert-error');
    await screenshot(page, 'display-messages');
    await page.keyboard.press('Escape');

    await page.getByTestId('dm-clear-7').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await page.getByTestId('dm-table').getByText('Closed on Sunday').waitFor({ state: 'detached' });
    expect(station.displayMessages.has(7)).toBe(false);
  });
});
