import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SimCharger } from '@voltline/simulator';
import {
  api,
  checkSurely,
  chooseCommand,
  launchBrowser,
  newPage,
  screenshot,
  signInAs,
  uniqueName,
} from '../support/browser';
import { cardOfTheAttempt, chargerWithTariff } from '../support/charger';
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

const OPERATOR = 'Voltline İstanbul';
/** 1 TWh: what a meter gone wrong reports; the contract's highest reading staff may enter. */
const TERAWATT_HOUR = 1_000_000_000_000;

const twoDecimals = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** How the portal shows money in English: ₺1,234.50. */
const lira = (minor: number) => `₺${twoDecimals(minor / 100)}`;

interface SessionSeen {
  id: number;
  state: string;
  meterStart: number;
  meterStop: number | null;
  energyWh: number;
  cost: number | null;
  reviewReasons: string[];
}
interface CommandSeen {
  action: string;
  outcome: string;
  status: string | null;
  userName: string | null;
  request: Record<string, unknown>;
}

const session = (page: Page, id: number) => api<SessionSeen>(page, 'GET', `portal/Transaction/${id}`);
const chargePoint = (page: Page, cpId: string) =>
  api<{ id: number; connection: string }>(page, 'GET', `portal/ChargePoint/${cpId}`);

/**
 * A charge point of İstanbul with a tariff on connector 1 (in minor units, per kWh and per
 * session), and its simulated charger.
 */
async function prepareCharger(
  page: Page,
  id: string,
  tariff = { price: 850, fixed: 200 },
  card = 'DEMO0001',
) {
  const charger = await chargerWithTariff(page, {
    id,
    operator: OPERATOR,
    site: 'Quay',
    connectorCount: 1,
    tariff: { name: 'E2E Review AC', ...tariff },
    charger: { idTags: [card] },
  });
  chargers.push(charger);
  return charger;
}

/**
 * The charger's meter goes wrong: StartTransaction at 0 Wh, StopTransaction a minute later at
 * 1 TWh. Sent as raw OCPP messages with times of a few minutes ago, so the test need not wait.
 */
async function impossibleSession(charger: SimCharger, card = 'DEMO0001'): Promise<number> {
  const startedAt = Date.now() - 3 * 60_000;
  const start = await charger.send('StartTransaction', {
    connectorId: 1,
    idTag: card,
    meterStart: 0,
    timestamp: new Date(startedAt).toISOString(),
  });
  expect(start.idTagInfo.status).toBe('Accepted');
  await charger.send('StopTransaction', {
    transactionId: start.transactionId,
    meterStop: TERAWATT_HOUR,
    timestamp: new Date(startedAt + 60_000).toISOString(),
    reason: 'Local',
  });
  return start.transactionId;
}

const sessionRows = (page: Page) => page.getByTestId('session-table').locator('tbody tr.ant-table-row');

/** The All tab of the report, for one charge point, filtered by the state "Held for review". */
async function listHeld(page: Page, cpId: string) {
  await page.goto(`/portal/reports/chargingsessions?tab=all&chargePointId=${cpId}`);
  await page.getByTestId('session-filter-state').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Held for review', { exact: true }).click();
  await page.waitForURL(/state=review/);
}

/** Opens the review dialog of the session open in the drawer. */
async function openReview(page: Page, id: number) {
  await page.getByTestId('session-drawer').getByTestId('session-review').click();
  const dialog = page.getByRole('dialog', { name: `Review session #${id}`, exact: true });
  await dialog.waitFor();
  return dialog;
}

describe('sessions held for review', () => {
  it('holds a session whose charger reports 1 TWh in a minute, and an admin corrects it to 5 kWh', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const cpId = uniqueName('E2E-HELD');
    const charger = await prepareCharger(page, cpId);
    const id = await impossibleSession(charger);

    // Stored as sent, not billed, held with the energy reason.
    const held = await session(page, id);
    expect(held).toMatchObject({ state: 'review', meterStart: 0, meterStop: TERAWATT_HOUR, cost: null });
    expect(held.reviewReasons).toContain('energyBeyondPower');

    // Staff list the held sessions: the state in words, and why it is held.
    await listHeld(page, cpId);
    const row = sessionRows(page).filter({ hasText: `#${id}` });
    await row.getByTestId('session-state').getByText('Held for review').waitFor();
    await row
      .getByTestId('session-review-reasons')
      .getByText('More energy than the connector can deliver in that time.')
      .waitFor();
    await expect.poll(() => sessionRows(page).count()).toBe(1);
    await screenshot(page, 'sessions-held-for-review');

    // The drawer says why in plain words and shows the readings exactly as the charger sent them.
    await row.getByTestId('session-open').click();
    const drawer = page.getByTestId('session-drawer');
    const notice = drawer.getByTestId('session-review-notice');
    await notice.getByText('neither billed nor counted').waitFor();
    expect(await notice.getByTestId('session-review-reason').allInnerTexts()).toContain(
      'More energy than the connector can deliver in that time.',
    );
    const readings = notice.getByTestId('session-review-readings');
    await readings.getByText('1,000,000,000,000 Wh').waitFor();
    await readings.getByText('0 Wh', { exact: true }).waitFor();
    await drawer.getByText('Not billed while held for review').waitFor();

    // Correct the readings: meter start as sent (0), meter stop 5000 Wh, with a note.
    const dialog = await openReview(page, id);
    await checkSurely(dialog.getByRole('radio', { name: /^Correct readings/ }));
    expect(await dialog.getByLabel('Meter start (Wh)').inputValue()).toBe('0');
    await dialog.getByLabel('Meter stop (Wh)').fill('5000');
    // The note is required: the dialog says so before anything is sent.
    await dialog.getByRole('button', { name: 'Correct and bill' }).click();
    await dialog.getByText('Please enter Note').waitFor();
    await dialog.getByLabel('Note').fill('Meter photo from the site visit shows 5 kWh');
    await screenshot(page, 'session-review-correct');
    await dialog.getByRole('button', { name: 'Correct and bill' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Readings corrected; the session is billed by them.').waitFor();

    // Completed and billed by the corrected readings: 2.00 + 5 kWh × 8.50.
    const cost = 200 + 5 * 850;
    await drawer.getByTestId('session-state').getByText('Completed').waitFor();
    await drawer.getByTestId('session-drawer-cost').getByText(lira(cost)).waitFor();
    expect(await drawer.getByTestId('session-drawer-energy').innerText()).toBe('5.00 kWh');
    expect(await drawer.getByTestId('session-review-notice').count()).toBe(0);
    expect(await drawer.getByTestId('session-review').count()).toBe(0);
    // Why staff settled it stays on the session.
    expect(await drawer.getByTestId('session-drawer-review-note').innerText()).toBe(
      'Meter photo from the site visit shows 5 kWh',
    );
    await screenshot(page, 'session-review-corrected');
    expect(await session(page, id)).toMatchObject({
      state: 'completed',
      meterStart: 0,
      meterStop: 5000,
      energyWh: 5000,
      cost,
      reviewReasons: [],
      reviewNote: 'Meter photo from the site visit shows 5 kWh',
    });
    // No longer held: the filtered list follows.
    await drawer.locator('.ant-drawer-close').click();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('keeps the dialog open when the readings as sent cannot be billed exactly, so staff correct them', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const cpId = uniqueName('E2E-COSTLY');
    // A card of this attempt's own: the bill below leaves its driver's balance far below zero, and
    // a retry's start with that card would be refused as Blocked.
    const card = await cardOfTheAttempt(page, OPERATOR, 'E2ECOSTLY');
    // At 1,000,000.00 per kWh, 1 TWh costs beyond exact integers.
    const charger = await prepareCharger(page, cpId, { price: 100_000_000, fixed: 0 }, card);
    const id = await impossibleSession(charger, card);
    expect((await session(page, id)).reviewReasons).toEqual(
      expect.arrayContaining(['energyBeyondPower', 'costOutOfRange']),
    );

    // A user who may read sessions but not settle them sees why, and no Review action.
    const other = await newPage(browser, server.url);
    const finance = other.page;
    await signInAs(
      finance,
      'finance@voltline.local',
      `/portal/reports/chargingsessions?tab=all&chargePointId=${cpId}&session=${id}`,
    );
    await finance
      .getByTestId('session-review-notice')
      .getByText('The cost is too large to bill exactly.')
      .waitFor();
    expect(await finance.getByTestId('session-review').count()).toBe(0);
    // Nor the command record of the charge point (no commands:read).
    await finance.goto(`/portal/management/device/detail/${cpId}?tab=commands`);
    await finance.getByTestId('cp-tabs').getByRole('tab', { name: 'Connection history' }).waitFor();
    expect(await finance.getByTestId('cp-tabs').getByRole('tab', { name: 'Commands' }).count()).toBe(0);
    await other.context.close();

    await listHeld(page, cpId);
    await sessionRows(page)
      .filter({ hasText: `#${id}` })
      .getByTestId('session-open')
      .click();
    const dialog = await openReview(page, id);
    await dialog.getByLabel('Note').fill('Try the readings as sent');
    await dialog.getByRole('button', { name: 'Release and bill' }).click();
    const refusal = dialog.getByTestId('session-review-refusal');
    await refusal.getByText('These readings cost more than Voltline can bill exactly.').waitFor();
    await screenshot(page, 'session-review-cost-out-of-range');
    expect((await session(page, id)).state).toBe('review');

    await checkSurely(dialog.getByRole('radio', { name: /^Correct readings/ }));
    await expect.poll(() => refusal.count()).toBe(0);
    await dialog.getByLabel('Meter stop (Wh)').fill('1000');
    await dialog.getByRole('button', { name: 'Correct and bill' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('session-drawer').getByTestId('session-state').getByText('Completed').waitFor();
    expect(await session(page, id)).toMatchObject({ state: 'completed', energyWh: 1000, cost: 100_000_000 });
  });
});

describe('the command record of a charge point', () => {
  it('lists a command sent from the portal with its outcome, and one the charger was offline for', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const cpId = uniqueName('E2E-CMDS');
    const charger = await prepareCharger(page, cpId);
    const { id: numericId } = await chargePoint(page, cpId);
    const records = async () =>
      (
        await api<{ items: CommandSeen[] }>(
          page,
          'GET',
          `portal/ChargePoint/${numericId}/commands?index=0&size=10`,
        )
      ).items;

    // The command must find the charger online: wait for the connection the simulator opened.
    await expect.poll(async () => (await chargePoint(page, cpId)).connection).toBe('Connected');
    await page.goto(`/portal/management/device/detail/${cpId}?tab=commands`);
    const table = page.getByTestId('cp-command-history');
    await table.getByText('No command has been sent to this charge point').waitFor();

    // A TriggerMessage from the header's menu: the list shows it without a reload.
    const trigger = async () => {
      await chooseCommand(page, 'Trigger message');
      const dialog = page.getByRole('dialog', { name: 'Trigger message' });
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.waitFor({ state: 'hidden' });
    };
    await trigger();
    await page.getByTestId('cp-command-answer').getByText('the charge point answered Accepted').waitFor();
    const rows = table.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    const [sent] = await records();
    expect(sent).toMatchObject({ action: 'TriggerMessage', outcome: 'answered', status: 'Accepted' });
    expect(sent?.request).toMatchObject({ requestedMessage: 'StatusNotification' });
    expect(sent?.userName).toBeTruthy();
    const first = rows.first();
    await first.getByText('TriggerMessage').waitFor();
    await first.getByTestId('cp-command-outcome').getByText('Answered').waitFor();
    await first.getByText('Accepted').waitFor();
    await first.getByText(sent?.userName ?? '').waitFor();
    // The request as sent, in the expanded row.
    await first.getByRole('button', { name: /expand row/i }).click();
    await expect
      .poll(() => page.getByTestId('cp-command-request').innerText())
      .toContain('"requestedMessage": "StatusNotification"');
    await screenshot(page, 'charge-point-commands');

    // The charger goes away; the next command is recorded as not sent.
    await charger.close();
    await expect.poll(async () => (await chargePoint(page, cpId)).connection).toBe('Disconnected');
    await trigger().catch(() => undefined);
    await expect.poll(() => rows.count()).toBe(2);
    expect((await records())[0]).toMatchObject({ action: 'TriggerMessage', outcome: 'offline' });
    await rows.first().getByTestId('cp-command-outcome').getByText('Charger offline').waitFor();
    await screenshot(page, 'charge-point-commands-offline');
  });
});
