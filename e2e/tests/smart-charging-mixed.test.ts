import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startCharger, startCharger201, type SimCharger, type SimCharger201 } from '@voltline/simulator';
import {
  api,
  checkSurely,
  launchBrowser,
  newPage,
  screenshot,
  signInAs,
  uniqueName,
} from '../support/browser';
import { endLeftovers } from '../support/charger';
import { startServer, type TestServer } from '../support/server';

// One smart-charging group of a 1.6 charger and a 2.0.1 charging station, both charging: the
// limit set in the portal is shared between them, each answers its profiles in its own protocol,
// the 2.0.1 station reports the profiles it holds with who set them (K09), and a limit the grid
// operator puts on it (K12) is shown in words and never passed by the allocation.

let server: TestServer;
let browser: Browser;
const chargers: (SimCharger | SimCharger201)[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all(chargers.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await server?.stop();
});

/** A one-connector charge point of the signed-in user's operator, created as staff would, and its charger. */
async function connected<C extends SimCharger | SimCharger201>(
  page: Page,
  id: string,
  start: (o: { url: string; id: string; password: string; connectors: number }) => Promise<C>,
): Promise<C> {
  const { operatorId } = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
  const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
    chargePointId: id,
    name: `${id} Depot`,
    operatorId,
    connectorCount: 1,
  });
  const charger = await start({
    url: creds.ocppUrl.slice(0, -(id.length + 1)),
    id,
    password: creds.password,
    connectors: 1,
  });
  chargers.push(charger);
  return charger;
}

/** The limits the live allocation shows as sent, by connector row (its data-value, in A). */
async function limitsSent(page: Page): Promise<Record<string, number | null>> {
  const rows = page.getByTestId('sc-allocation-table').locator('tbody tr.ant-table-row');
  const out: Record<string, number | null> = {};
  for (const row of await rows.all()) {
    const key = (await row.getAttribute('data-row-key')) ?? '';
    const value = await row.getByTestId('alloc-limit').getAttribute('data-value');
    out[key] = value ? Number(value) : null;
  }
  return out;
}
/** Each limit rounded to the ampere, in the order of `keys`. */
const rounded = async (page: Page, keys: string[]) => {
  const limits = await limitsSent(page);
  return keys.map((k) => (limits[k] === null || limits[k] === undefined ? null : Math.round(limits[k])));
};

describe('a mixed 1.6 and 2.0.1 smart-charging group', () => {
  it('K01 K09 K12 shares the portal’s limit between both chargers, shows what each holds, and stays under the grid operator’s limit', async () => {
    // A retry must not find DEMO0001 and DEMO0002 still charging at the first attempt's chargers.
    await endLeftovers(chargers);
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/device');
    const base = uniqueName('E2E-MIX');
    const old = await connected(page, `${base}-16`, (o) => startCharger(o));
    const station = await connected(page, `${base}-201`, (o) => startCharger201(o));
    old.plugIn(1, { capacityWh: 200_000, soc: 10, maxPowerW: 22_000, targetSoc: 100 });
    expect((await old.startSession(1, 'DEMO0001')).status).toBe('Accepted');
    const started = await station.startSession(1, 'DEMO0002', {
      vehicle: { capacityWh: 200_000, soc: 10, maxPowerW: 22_000, targetSoc: 100 },
    });
    expect(started.status).toBe('Accepted');

    // The group, from the menu: 32 A, equal shares, both chargers found by their ID.
    await page.getByRole('menuitem', { name: 'Smart charging' }).click();
    await page.waitForURL('**/portal/management/smartCharging');
    await page.getByTestId('sc-add').click();
    await page.waitForURL('**/portal/management/smartCharging/add');
    await page.getByLabel('Name', { exact: true }).fill(`Mixed ${base}`);
    await page.getByLabel('Maximum power').fill('32');
    await page.getByPlaceholder('Charge point ID or name').fill(base);
    await page.getByPlaceholder('Charge point ID or name').press('Enter');
    const picker = page.getByTestId('sc-picker-table');
    for (const id of [`${base}-16`, `${base}-201`])
      await checkSurely(picker.getByRole('checkbox', { name: id, exact: true }));
    await page.getByTestId('sc-picker-count').getByText('2 charge points chosen').waitFor();
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.waitForURL('**/portal/management/smartCharging/detail/*');
    const groupUrl = page.url();

    // Half of 32 A each, accepted by both: the 2.0.1 station took it as a 2.0.1 profile.
    const keys = [`${base}-16-1`, `${base}-201-1`];
    await expect.poll(() => rounded(page, keys), { timeout: 30_000, interval: 1_000 }).toEqual([16, 16]);
    const states = page.getByTestId('sc-allocation-table').getByTestId('alloc-state');
    await expect.poll(() => states.allInnerTexts(), { timeout: 20_000 }).toEqual(['Accepted', 'Accepted']);
    await page.getByTestId('sc-total-limit').getByText('32 A').waitFor();
    await screenshot(page, 'smart-charging-mixed');

    // Both answer their composite schedule, each in its own protocol.
    await page.getByTestId('sc-composite').click();
    const composite = page.getByTestId('sc-composite-table');
    await expect
      .poll(() => composite.getByTestId('sc-composite-status').allInnerTexts(), { timeout: 20_000 })
      .toEqual(['Accepted', 'Accepted']);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();

    // The grid operator limits the 2.0.1 station to 6.9 kW (10 A on three phases): its share falls
    // under it, the 1.6 charger gets what it frees, and the sum stays within 32 A.
    await station.external.set({ source: 'SO', limit: 6_900, gridCritical: true });
    await expect.poll(() => rounded(page, keys), { timeout: 30_000, interval: 1_000 }).toEqual([22, 10]);
    const limits = await limitsSent(page);
    expect((limits[keys[0]!] ?? 0) + (limits[keys[1]!] ?? 0)).toBeLessThanOrEqual(32);

    // The 2.0.1 station's page says who limits it, and, on Refresh, what it holds and who set it.
    await page.goto(`/portal/management/device/detail/${base}-201`);
    const card = page.getByTestId('cp-charger-limits');
    await card
      .getByTestId('cp-external-limit')
      .getByText(/^The whole charger is limited by the grid operator to 6\.9 kW since /)
      .waitFor();
    await card.getByText('Grid critical').waitFor();
    await card.getByText('The charger has not reported its profiles yet. Refresh to ask.').waitFor();
    await card.getByTestId('cp-profiles-refresh').click();
    await page
      .getByText('The charge point will report the charging profiles it holds', { exact: false })
      .first()
      .waitFor();
    const held = card.getByTestId('cp-reported-profiles').locator('tbody tr.ant-table-row');
    await expect
      // Sorted: EVSE 1's row ("1 …") before the whole charger's ("The whole charger …").
      .poll(async () => (await held.allInnerTexts()).map((r) => r.replace(/\s+/g, ' ')).sort(), {
        timeout: 20_000,
      })
      .toEqual([
        expect.stringMatching(/TxProfile the charge point operator \(Voltline\) .*10 A/),
        expect.stringMatching(/ChargingStationExternalConstraints the grid operator .*6\.9 kW/),
      ]);
    await screenshot(page, 'smart-charging-mixed-held');

    // The 1.6 charger cannot report what it holds: its page lists the profile Voltline set on it.
    await page.goto(`/portal/management/device/detail/${base}-16`);
    await page.getByRole('cell', { name: 'TxProfile', exact: true }).first().waitFor();
    await page.getByTestId('cp-charger-limits').waitFor();
    expect(await page.getByTestId('cp-profiles-refresh').count()).toBe(0);

    // The limit lifted: back to half each.
    await station.external.clear('SO');
    await page.goto(groupUrl);
    await expect.poll(() => rounded(page, keys), { timeout: 30_000, interval: 1_000 }).toEqual([16, 16]);
  });
});
