import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Download, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import type { SimCharger } from '@voltline/simulator';
import {
  api,
  applyTo,
  checkSurely,
  chooseBulkAction,
  launchBrowser,
  newPage,
  pick,
  pickMenuItem,
  screenshot,
  signInAs,
  uniqueName,
} from '../support/browser';
import { cardOfTheAttempt, chargerWithTariff, endLeftovers } from '../support/charger';
import { startServer, type TestServer } from '../support/server';

// Bulk actions beyond the charge point list's commands: a charge point's connectors, stuck sessions
// closed with one reason, a selection of sessions exported, and smart-charging group membership.
// Each row says what became of it.

let server: TestServer;
let browser: Browser;
const chargers: SimCharger[] = [];
const OPERATOR = 'Voltline İstanbul';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await endLeftovers(chargers);
  await browser?.close();
  await server?.stop();
});

/** A charge point of İstanbul with two connectors (a tariff on the first), its 1.6 charger connected. */
async function twoConnectorCharger(page: Page, prefix: string) {
  const id = uniqueName(prefix);
  const charger = await chargerWithTariff(page, {
    id,
    operator: OPERATOR,
    site: 'Bulk yard',
    connectorCount: 2,
    tariff: { name: 'E2E Bulk AC', price: 800, fixed: 0 },
    charger: { speed: 60, config: { MeterValueSampleInterval: '30' } },
  });
  chargers.push(charger);
  return { id, charger };
}

const summary = (page: Page) => page.getByTestId('bulk-summary').innerText();

describe('bulk actions on a charge point’s connectors', () => {
  it('makes both connectors unavailable through the charger, then puts one tariff on both', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const { id, charger } = await twoConnectorCharger(page, 'BLKCON');
    await page.goto(`/portal/management/device/detail/${id}/connectors`);
    const rows = page.getByTestId('connector-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.first().innerText(), { timeout: 15_000 }).toContain('Available');
    await checkSurely(page.getByTestId('connector-table').locator('thead').getByRole('checkbox'));
    await expect.poll(() => page.getByTestId('bulk-count').innerText()).toBe('2 selected');

    await chooseBulkAction(page, 'Make unavailable');
    await applyTo(page, 'Make unavailable', 2);
    await expect.poll(() => summary(page)).toBe('Done: 2 · Refused: 0 · Failed: 0');
    const results = page.getByTestId('bulk-results');
    expect(await results.locator('tr', { hasText: `${id} / 2` }).innerText()).toContain(
      'The charge point accepted (Accepted).',
    );
    await screenshot(page, 'bulk-connectors-unavailable');
    await page.getByTestId('bulk-results-close').click();
    // The charger took both out of service and said so: the tab shows it.
    await expect.poll(() => charger.connectors.map((c) => c.status)).toEqual(['Unavailable', 'Unavailable']);
    await expect.poll(() => rows.filter({ hasText: 'Unavailable' }).count(), { timeout: 15_000 }).toBe(2);

    const operators = await api<{ id: number; name: string }[]>(page, 'GET', 'portal/operator/lookup');
    const tariff = uniqueName('Bulk connector tariff');
    await api(page, 'POST', 'portal/tariff', {
      name: tariff,
      operatorId: operators.find((op) => op.name === OPERATOR)?.id,
      type: 'AC',
      paymentType: 'Postpaid',
      pricePerKwh: 990,
    });
    await page.reload();
    await expect.poll(() => rows.count()).toBe(2);
    await checkSurely(page.getByTestId('connector-table').locator('thead').getByRole('checkbox'));
    await chooseBulkAction(page, 'Assign a tariff');
    await pick(page, 'connector-bulk-tariff', tariff);
    await applyTo(page, 'Assign a tariff', 2);
    await expect.poll(() => summary(page)).toBe('Done: 2 · Refused: 0 · Failed: 0');
    await page.getByTestId('bulk-results-close').click();
    await expect.poll(() => rows.filter({ hasText: tariff }).count()).toBe(2);
  });
});

describe('bulk actions on sessions', () => {
  it('closes two stuck sessions with one reason, refuses one that already ended, and exports a selection', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const { id, charger } = await twoConnectorCharger(page, 'BLKSES');
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const start = await charger.startSession(n, await cardOfTheAttempt(page, OPERATOR, `BLKS${n}`));
      expect(start.status).toBe('Accepted');
      ids.push(start.transactionId ?? 0);
    }
    // A third session that ends normally, then the charger goes silent with two still running.
    charger.stopSession(1);
    await expect
      .poll(async () => (await api<{ state: string }>(page, 'GET', `portal/Transaction/${ids[0]}`)).state)
      .not.toBe('active');
    const again = await charger.startSession(1, await cardOfTheAttempt(page, OPERATOR, 'BLKS3'));
    ids.push(again.transactionId ?? 0);
    await charger.close();
    await expect
      .poll(
        async () => (await api<{ connection: string }>(page, 'GET', `portal/ChargePoint/${id}`)).connection,
      )
      .toBe('Disconnected');

    // Every session, the one that ended too (the Active tab lists only those running).
    await page.goto(`/portal/reports/chargingsessions?tab=all&chargePointId=${id}`);
    const rows = page.getByTestId('session-table').locator('tbody tr.ant-table-row');
    for (const s of ids) {
      const row = rows.filter({ hasText: `#${s}` });
      await row.waitFor();
      await checkSurely(row.getByRole('checkbox'));
    }
    await expect.poll(() => page.getByTestId('bulk-count').innerText()).toBe('3 selected');

    // The selection to Excel first: a file of the three sessions, nothing asked.
    let downloaded: Download | undefined;
    page.on('download', (d) => (downloaded = d));
    await pickMenuItem(
      () => page.getByTestId('bulk-actions').click({ timeout: 2_000 }),
      page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: 'Export the selection to Excel' }),
      () => Promise.resolve(downloaded !== undefined),
    );
    const file = downloaded as Download;
    expect(file.suggestedFilename()).toMatch(/^sessions-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(
      readFileSync(await file.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    await chooseBulkAction(page, 'Close stuck sessions');
    const dialog = page.getByRole('dialog', { name: 'Close stuck sessions' });
    // Without a reason the dialog says what is missing (pressed until it does: a press while it
    // opens is lost).
    const missing = dialog.getByText('Give a reason of at least three characters.');
    await expect
      .poll(async () => {
        if (!(await missing.isVisible())) {
          await dialog
            .getByRole('button', { name: 'Apply to 3' })
            .click({ timeout: 2_000 })
            .catch(() => undefined);
        }
        return missing.isVisible();
      })
      .toBe(true);
    await dialog.getByRole('textbox').fill('Charger lost its uplink; cars have left');
    await applyTo(page, 'Close stuck sessions', 3);
    await expect.poll(() => summary(page)).toBe('Done: 2 · Refused: 1 · Failed: 0');
    const results = page.getByTestId('bulk-results');
    expect(await results.locator('tr', { hasText: `${ids[1]} · ${id}` }).innerText()).toContain(
      'Session closed and billed at its last meter reading.',
    );
    const ended = results.locator('tr', { hasText: `${ids[0]} · ${id}` });
    expect(await ended.innerText()).toContain('This session is not running, so there is nothing to close.');
    expect(await ended.locator('[data-outcome]').getAttribute('class')).toContain('ant-tag-red');
    await screenshot(page, 'bulk-sessions-closed');
    for (const s of [ids[1], ids[2]]) {
      const seen = await api<{ state: string; closeNote: string | null }>(
        page,
        'GET',
        `portal/Transaction/${s}`,
      );
      expect(seen).toMatchObject({ state: 'failed', closeNote: 'Charger lost its uplink; cars have left' });
    }
  });
});

describe('bulk smart-charging group membership', () => {
  it('adds two charge points to a group, refuses the one already in it, then takes one out', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const prefix = uniqueName('BLKGRP');
    const operators = await api<{ id: number; name: string }[]>(page, 'GET', 'portal/operator/lookup');
    const operatorId = operators.find((op) => op.name === OPERATOR)?.id;
    for (const n of ['A', 'B', 'C']) {
      await api(page, 'POST', 'portal/ChargePoint', {
        chargePointId: `${prefix}-${n}`,
        name: `${prefix}-${n}`,
        operatorId,
        connectorCount: 1,
      });
    }
    const group = uniqueName('Bulk depot');
    const created = await api<{ id: number }>(page, 'POST', 'portal/SmartCharging', {
      name: group,
      operatorId,
      chargingRateUnit: 'A',
      mode: 'equal',
      maxPower: 63,
      minPerSession: 6,
      schedule: [{ from: '07:00', limit: 20 }],
      chargePointIds: [`${prefix}-A`],
    });

    await page.goto(`/portal/management/device?list=all&search=${prefix}`);
    const rows = page.getByTestId('cp-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(3);
    await checkSurely(page.getByTestId('cp-table').locator('thead').getByRole('checkbox'));
    await chooseBulkAction(page, 'Add to a smart-charging group');
    await pick(page, 'bulk-group', group);
    await applyTo(page, 'Add to a smart-charging group', 3);
    await expect.poll(() => summary(page)).toBe('Done: 2 · Refused: 1 · Failed: 0');
    const results = page.getByTestId('bulk-results');
    expect(await results.locator('tr', { hasText: `${prefix}-A` }).innerText()).toContain(
      `Already in the group ${group}; nothing was done.`,
    );
    expect(await results.locator('tr', { hasText: `${prefix}-B` }).innerText()).toContain(
      `Added to the group ${group}.`,
    );
    await page.getByTestId('bulk-results-close').click();

    await checkSurely(rows.filter({ hasText: `${prefix}-C` }).getByRole('checkbox'));
    await chooseBulkAction(page, 'Remove from a smart-charging group');
    await pick(page, 'bulk-group', group);
    await applyTo(page, 'Remove from a smart-charging group', 1);
    await expect.poll(() => summary(page)).toBe('Done: 1 · Refused: 0 · Failed: 0');
    const after = await api<{ chargePointIds: string[] }>(page, 'GET', `portal/SmartCharging/${created.id}`);
    expect(after.chargePointIds.sort()).toEqual([`${prefix}-A`, `${prefix}-B`]);
  });
});
