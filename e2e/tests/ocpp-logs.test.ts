import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startCharger, type SimCharger } from '@voltline/simulator';
import { launchBrowser, newPage, screenshot, signInAs, uniqueName } from '../support/browser';
import { endLeftovers } from '../support/charger';
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

/** This attempt's own chargers: a retry runs against the same server. */
let IDS: string[] = [];

/**
 * Registers the chargers through the API, as the add form would, and connects them; returns them
 * (the module's array also holds a first attempt's until the retry ends them).
 */
async function startFleet(page: Page): Promise<SimCharger[]> {
  const token = await page.evaluate(() => window.localStorage.getItem('auth_token'));
  const me = await page.request.get(`${server.url}/api/portal/Auth/me`, {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  const operatorId = ((await me.json()) as { data: { operatorId: number } }).data.operatorId;
  const run = uniqueName('LOG');
  IDS = ['01', '02', '03'].map((n) => `${run}-${n}`);
  const fleet: SimCharger[] = [];
  for (const id of IDS) {
    const res = await page.request.post(`${server.url}/api/portal/ChargePoint`, {
      headers: { Authorization: `Bearer ${token ?? ''}` },
      data: { chargePointId: id, name: `Log test ${id}`, operatorId, connectorCount: 2 },
    });
    expect(res.status()).toBe(200);
    const { data } = (await res.json()) as { data: { ocppUrl: string; password: string } };
    const charger = await startCharger({
      url: data.ocppUrl.slice(0, -(id.length + 1)),
      id,
      password: data.password,
    });
    chargers.push(charger);
    fleet.push(charger);
  }
  return fleet;
}

const rows = (page: Page) => page.getByTestId('ocpp-log-table').locator('tbody tr.ant-table-row');

describe('OCPP message log', () => {
  it('shows the frames of running chargers, refreshes live and pairs requests with answers', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/device');
    // A retry ends the first attempt's fleet first: DEMO0001 charges there no longer.
    await endLeftovers(chargers);
    const fleet = await startFleet(page);
    await page.getByRole('menuitem', { name: 'OCPP messages' }).click();
    await page.waitForURL('**/portal/logs/ocpp');
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(10);
    await expect
      .poll(async () => {
        const text = await page.getByTestId('ocpp-log-table').innerText();
        return IDS.some((id) => text.includes(id));
      })
      .toBe(true);

    // Live: a heartbeat sent now appears at the top without reloading.
    const charger = fleet[1];
    if (!charger) throw new Error('fleet did not start');
    await page
      .getByTestId('log-filter-cp')
      .locator('input')
      .fill(IDS[1] ?? '');
    await page.getByTestId('log-filter-cp').locator('input').press('Enter');
    await page.waitForURL(new RegExp(`ChargePointId=${IDS[1] ?? ''}`));
    await expect.poll(() => rows(page).first().innerText()).toContain(IDS[1]);
    // One charger's boot and first statuses fit on the first page: its BootNotification is there.
    await expect.poll(() => page.getByTestId('ocpp-log-table').innerText()).toContain('BootNotification');
    const before = await rows(page).first().innerText();
    await charger.startSession(1, 'DEMO0001');
    await expect.poll(() => rows(page).first().innerText(), { timeout: 15_000 }).not.toBe(before);
    await expect.poll(() => page.getByTestId('ocpp-log-table').innerText()).toContain('StartTransaction');

    // The JSON of a frame, formatted (live refresh off so the rows hold still).
    await page.getByTestId('log-live').click();
    await page.waitForURL(/live=false/);
    const start = rows(page).filter({ hasText: 'StartTransaction' }).filter({ hasText: 'CALL' }).last();
    await start.locator('.ant-table-row-expand-icon').click();
    await expect
      .poll(() => page.getByTestId('ocpp-log-table').locator('pre').first().innerText())
      .toMatch(/^\{\n {2}(?=[\s\S]*"idTag": "DEMO0001")/);
    await screenshot(page, 'ocpp-logs');

    // Requests with their answers.
    await page.getByTestId('log-view').getByText('Request and answer').click();
    const pairs = page.getByTestId('ocpp-pair-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => pairs.count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('ocpp-pair-table').innerText()).toContain('CALLRESULT');
    await screenshot(page, 'ocpp-logs-pairs');
  });
});
