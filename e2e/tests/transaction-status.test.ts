import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SimCharger201 } from '@voltline/simulator';
import {
  chooseCommand,
  launchBrowser,
  newPage,
  screenshot,
  signInAs,
  switchToTurkish,
  uniqueName,
} from '../support/browser';
import { charger201WithTariff, endLeftovers } from '../support/charger';
import { startServer, type TestServer } from '../support/server';

// E14 GetTransactionStatus from the portal: on a 2.0.1 charger's running session (its connector's
// commands) staff ask whether the session still runs at the charger and whether messages about it
// wait to be sent, and for the whole charger whether any transaction messages wait; the answer in
// words, in English and in Turkish.

let server: TestServer;
let browser: Browser;
let charger: SimCharger201 | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await charger?.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

const connectorRow = (page: Page, n: number) =>
  page
    .getByTestId('connector-table')
    .locator('tbody tr.ant-table-row')
    .nth(n - 1);
const answer = (page: Page) => page.getByTestId('cp-command-answer');
const tab = (page: Page, name: string) => page.getByTestId('cp-tabs').getByRole('tab', { name, exact: true });

async function connectorMenu(page: Page, n: number, more: string, item: string): Promise<void> {
  await connectorRow(page, n).getByRole('button', { name: more }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The answer banner's line for one field of the charger's answer. */
const detail = (page: Page, label: string) =>
  answer(page).getByTestId('cp-answer-details').locator('.ant-descriptions-row', { hasText: label });

describe('E14 transaction status in the portal', () => {
  it('E14 asks a 2.0.1 charger about a running session and about its queue, in English and Turkish', async () => {
    // A retry must not find DEMO0001 still charging at the first attempt's station.
    await endLeftovers([charger]);
    const cp = uniqueName('E2E-E14');
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    charger = await charger201WithTariff(page, {
      id: cp,
      operator: 'Voltline İstanbul',
      site: 'Marina',
      connectorCount: 1,
      tariff: { name: 'E2E E14 AC', fixed: 100, price: 900 },
      // Meter values every ten minutes: no event of the session is on its way while staff ask.
      charger: { idTags: ['DEMO0001'], config: { MeterValueSampleInterval: '600' } },
    });
    expect((await charger.startSession(1, 'DEMO0001')).status).toBe('Accepted');

    await page.goto(`/portal/management/device/detail/${cp}`);
    await tab(page, 'Connectors').click();
    await connectorRow(page, 1).getByText('Charging', { exact: true }).waitFor();
    const sessionTag = connectorRow(page, 1).locator('.ant-tag', { hasText: /^#\d+$/ });
    await sessionTag.waitFor();
    const id = Number((await sessionTag.innerText()).slice(1));

    await connectorMenu(page, 1, 'More commands', 'Ask the charger about this session');
    await answer(page)
      .getByText(`Ask the charger about session #${id}: the charge point answered`, { exact: true })
      .waitFor();
    await detail(page, 'Still running at the charger').getByText('Yes', { exact: true }).waitFor();
    await detail(page, 'Messages waiting to be sent').getByText('No', { exact: true }).waitFor();
    await page
      .getByText(`Session ${id} is still running at the charge point; it has no messages about it waiting.`)
      .first()
      .waitFor();
    await screenshot(page, 'e14-session-status');

    // The whole charger: whether any transaction messages wait.
    await chooseCommand(page, 'Queued transaction messages');
    await answer(page)
      .getByText('Queued transaction messages: the charge point answered', { exact: true })
      .waitFor();
    await detail(page, 'Messages waiting to be sent').getByText('No', { exact: true }).waitFor();
    await page
      .getByText('The charge point has no transaction messages waiting to be sent.')
      .first()
      .waitFor();

    // In Turkish.
    await switchToTurkish(page);
    await tab(page, 'Soketler').click();
    await connectorMenu(page, 1, 'Diğer komutlar', 'İstasyona bu oturumu sor');
    await detail(page, 'İstasyonda hâlâ sürüyor').getByText('Evet', { exact: true }).waitFor();
    await page
      .getByText(
        `${id} numaralı oturum şarj istasyonunda hâlâ sürüyor; bu oturumla ilgili bekleyen mesaj yok.`,
      )
      .first()
      .waitFor();
    await screenshot(page, 'e14-session-status-tr');
  });
});
