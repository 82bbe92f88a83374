import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { startCharger, type SimCharger } from '@voltline/simulator';
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

/** A one-connector charge point of the signed-in user's operator, created as staff would, and its charger. */
async function connectedCharger(page: Page, id: string): Promise<SimCharger> {
  const { operatorId } = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
  const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
    chargePointId: id,
    name: `${id} Depot`,
    operatorId,
    connectorCount: 1,
  });
  const charger = await startCharger({
    url: creds.ocppUrl.slice(0, -(id.length + 1)),
    id,
    password: creds.password,
    connectors: 1,
  });
  chargers.push(charger);
  return charger;
}

/** The limits the live allocation shows as sent, by charge point (its data-value, in A). */
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

/**
 * A limit by what it amounts to in a 32 A group: about a third (3 charging), half (2 charging),
 * at most the 6 A minimum (idle); anything else as the number.
 */
function share(limit: number | null | undefined): string {
  if (limit === null || limit === undefined) return 'none';
  if (limit >= 10 && limit <= 10.7) return 'a third';
  if (limit >= 15.5 && limit <= 16) return 'half';
  if (limit <= 6) return 'idle';
  return String(limit);
}
const shares = async (page: Page, keys: string[]) => {
  const limits = await limitsSent(page);
  return keys.map((k) => share(limits[k]));
};

describe('smart charging', () => {
  it('divides a 32 A group among three charging cars, and gives the rest to the others when one stops', async () => {
    // A retry must not find DEMO0001 and DEMO0002 still charging at the first attempt's chargers.
    await endLeftovers(chargers);
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/device');
    const base = uniqueName('E2E-SC');
    const ids = [`${base}-1`, `${base}-2`, `${base}-3`];
    const sims = await Promise.all(ids.map((id) => connectedCharger(page, id)));
    const starts = await Promise.all(sims.map((c, i) => c.startSession(1, `DEMO000${i + 1}`)));
    expect(starts.map((s) => s.status)).toEqual(['Accepted', 'Accepted', 'Accepted']);

    // A new group from the menu: 32 A, equal shares, the three chargers found by their ID.
    await page.getByRole('menuitem', { name: 'Smart charging' }).click();
    await page.waitForURL('**/portal/management/smartCharging');
    await page.getByTestId('sc-add').click();
    await page.waitForURL('**/portal/management/smartCharging/add');
    await page.getByLabel('Name', { exact: true }).fill(`Depot ${base}`);
    await page.getByLabel('Maximum power').fill('32');
    await expect.poll(() => page.getByRole('radio', { name: /^Equal share/ }).isChecked()).toBe(true);
    await page.getByPlaceholder('Charge point ID or name').fill(base);
    await page.getByPlaceholder('Charge point ID or name').press('Enter');
    const picker = page.getByTestId('sc-picker-table');
    for (const id of ids) await checkSurely(picker.getByRole('checkbox', { name: id, exact: true }));
    await page.getByTestId('sc-picker-count').getByText('3 charge points chosen').waitFor();
    await screenshot(page, 'smart-charging-add');
    await page.getByRole('button', { name: 'Create group' }).click();

    // The detail: three connectors charging, each sent about a third of 32 A, and each accepted.
    await page.waitForURL('**/portal/management/smartCharging/detail/*');
    const keys = ids.map((id) => `${id}-1`);
    await expect
      .poll(() => shares(page, keys), { timeout: 30_000, interval: 1_000 })
      .toEqual(['a third', 'a third', 'a third']);
    const states = page.getByTestId('sc-allocation-table').getByTestId('alloc-state');
    await expect
      .poll(() => states.allInnerTexts(), { timeout: 20_000 })
      .toEqual(['Accepted', 'Accepted', 'Accepted']);
    await page.getByTestId('sc-total-limit').getByText('32 A').waitFor();
    await screenshot(page, 'smart-charging-allocation');

    // One car leaves: the page follows by itself, and the two still charging get more.
    expect(sims[2]?.stopSession(1)).toBe(true);
    await expect
      .poll(() => shares(page, keys), { timeout: 30_000, interval: 1_000 })
      .toEqual(['half', 'half', 'idle']);
    await screenshot(page, 'smart-charging-after-stop');

    // Each connector's composite schedule, as its charger reports it.
    await page.getByTestId('sc-composite').click();
    const composite = page.getByTestId('sc-composite-table');
    await expect
      .poll(() => composite.getByTestId('sc-composite-status').allInnerTexts(), { timeout: 20_000 })
      .toEqual(['Accepted', 'Accepted', 'Accepted']);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();

    // The list shows the group with its three charge points.
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL('**/portal/management/smartCharging');
    const row = page.getByTestId('sc-table').locator('tr', { hasText: `Depot ${base}` });
    await expect.poll(() => row.innerText()).toMatch(/Equal share[\s\S]*32 A[\s\S]*\b3\b/);
  });
});
