import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startCharger201, type SimCharger201 } from '@voltline/simulator';
import {
  api,
  checkSurely,
  launchBrowser,
  newPage,
  screenshot,
  signInAs,
  uniqueName,
} from '../support/browser';
import { startServer, type TestServer } from '../support/server';

// OCPP 2.0.1 N09/N10 as staff do them from a driver's page: ask a station what it holds about the
// driver's card, read its answer, then have it forget the card.

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

describe('customer information', () => {
  it('N09 staff ask a 2.0.1 station about a driver’s card and read its answer; N10 they have it cleared', async () => {
    const CP = uniqueName('E2E-CI');
    const CARD = uniqueName('CI').slice(0, 20);
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const me = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
    const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
      chargePointId: CP,
      name: `${CP} Kadıköy`,
      operatorId: me.operatorId,
      connectorCount: 1,
    });
    const driver = await api<{ id: number }>(page, 'POST', 'portal/Driver', {
      name: 'Elif',
      surname: 'Kaya',
      operatorId: me.operatorId,
    });
    await api(page, 'POST', 'portal/driver/RFIDCards', { driverId: driver.id, number: CARD });
    station = await startCharger201({
      url: creds.ocppUrl.slice(0, -(CP.length + 1)),
      id: CP,
      password: creds.password,
    });
    await expect.poll(() => station?.isOnline, { timeout: 15_000 }).toBe(true);
    // The station has met the card: its authorization cache holds it.
    await station.sessions.auth.authorize({ idToken: CARD, type: 'ISO14443' });

    await page.goto(`/portal/management/driver/detail/${driver.id}?tab=customerInformation`);
    await page.getByText("What chargers hold about this driver's cards").waitFor();
    await page.getByTestId('customer-information-charger').fill(CP);
    await page.getByTestId('customer-information-ask').click();
    const table = page.getByTestId('customer-information-table');
    await table.getByText(`Authorization cache: ${CARD} Accepted`).waitFor();
    await table.getByText('Done').waitFor();
    await screenshot(page, 'customer-information');

    // N10: clearing alone, confirmed; the station forgets the card and reports nothing.
    await checkSurely(page.getByRole('checkbox', { name: 'Clear it' }));
    await page.getByRole('checkbox', { name: 'Report what it holds' }).uncheck();
    await page.getByTestId('customer-information-ask').click();
    await page.getByRole('button', { name: 'OK' }).click();
    await table.getByText('Cleared; a clearing alone reports nothing').waitFor();
    expect(station.sessions.auth.cache.has(CARD)).toBe(false);
  });

  it('N09 a charger that cannot be asked shows its refusal in red', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const me = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
    const driver = await api<{ id: number }>(page, 'POST', 'portal/Driver', {
      name: 'Can',
      surname: 'Demir',
      operatorId: me.operatorId,
    });
    await api(page, 'POST', 'portal/driver/RFIDCards', {
      driverId: driver.id,
      number: uniqueName('CJ').slice(0, 20),
    });
    const CP = uniqueName('E2E-CI-OFF');
    await api(page, 'POST', 'portal/ChargePoint', {
      chargePointId: CP,
      name: `${CP} Üsküdar`,
      operatorId: me.operatorId,
      connectorCount: 1,
    });
    await page.goto(`/portal/management/driver/detail/${driver.id}?tab=customerInformation`);
    await page.getByTestId('customer-information-charger').fill(CP);
    await page.getByTestId('customer-information-ask').click();
    const tag = page.getByTestId('customer-information-status').first();
    await tag.getByText('The charger is offline').waitFor();
    expect(await tag.getAttribute('class')).toContain('ant-tag-error');
  });
});
