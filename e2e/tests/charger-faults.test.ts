import ocppRpc from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, launchBrowser, newPage, pick, screenshot, signInAs, uniqueName } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

// Why a charger faulted, as the support team sees it: the list and the header say the charge
// point is partly faulted (not Available), the connectors tab says the fault in words with the
// charger's text and vendor code, and the Faults tab keeps it.

const { RPCClient } = ocppRpc;

let server: TestServer;
let browser: Browser;
let charger: InstanceType<typeof RPCClient> | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await charger?.close({ force: true }).catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('a faulted charger', () => {
  it('shows why and since when it faulted, in the list, the header, the connectors and the Faults tab', async () => {
    // This attempt's own charge point; the first attempt's charger, if any, goes.
    await charger?.close({ force: true }).catch(() => undefined);
    const CP = uniqueName('FLT-E2E');
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/device');
    const me = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
    const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
      chargePointId: CP,
      name: 'Faulty bay',
      operatorId: me.operatorId,
      connectorCount: 2,
    });
    charger = new RPCClient({
      endpoint: creds.ocppUrl.slice(0, -(CP.length + 1)),
      identity: CP,
      password: creds.password,
      protocols: ['ocpp1.6'],
      strictMode: false,
      reconnect: false,
    } as never);
    await charger.connect();
    await charger.call('BootNotification', { chargePointVendor: 'Voltline', chargePointModel: 'Test 22' });
    await charger.call('StatusNotification', { connectorId: 2, status: 'Available', errorCode: 'NoError' });
    await charger.call('StatusNotification', {
      connectorId: 1,
      status: 'Faulted',
      errorCode: 'GroundFailure',
      info: 'RCD tripped on L2',
      vendorId: 'Voltline',
      vendorErrorCode: 'E-117',
    });

    // The list, filtered to partly faulted charge points, has it, in words.
    await page.goto('/portal/management/device?list=all&state=partlyFaulted');
    const row = page.getByTestId('cp-table').locator('tbody tr.ant-table-row').filter({ hasText: CP });
    await row.waitFor();
    expect(await row.getByTestId('cp-state').innerText()).toBe('Partly faulted');
    await pick(page, 'cp-filter-state', 'Available');
    await expect.poll(() => row.count()).toBe(0);

    // The header and the connectors tab.
    await page.goto(`/portal/management/device/detail/${CP}/connectors`);
    expect(await page.getByTestId('cp-state').first().innerText()).toBe('Partly faulted');
    const fault = page.getByTestId('connector-fault');
    await fault.waitFor();
    const text = await fault.innerText();
    expect(text).toContain('Ground fault');
    expect(text).toContain('RCD tripped on L2');
    expect(text).toContain('E-117 (Voltline)');
    expect(text).toMatch(/Since \d{2} [A-Z][a-z]{2} \d{4}/);
    await screenshot(page, 'charger-fault-connectors');

    // The Faults tab keeps it, ongoing, until the connector is Available again.
    await page.goto(`/portal/management/device/detail/${CP}?tab=faults`);
    const faults = page.getByTestId('cp-faults');
    await faults.getByText('Ground fault').waitFor();
    expect(await faults.innerText()).toContain('Ongoing');
    await charger.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' });
    await expect.poll(() => faults.innerText(), { timeout: 15_000 }).not.toContain('Ongoing');
    await expect
      .poll(() => page.getByTestId('cp-state').first().innerText(), { timeout: 15_000 })
      .toBe('Available');
    await context.close();
  });
});
