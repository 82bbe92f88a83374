import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SimCharger } from '@voltline/simulator';
import { launchBrowser, newPage, screenshot, signInAs, uniqueName } from '../support/browser';
import { chargerWithTariff, endLeftovers } from '../support/charger';
import { startServer, type TestServer } from '../support/server';

// Issue #34: a remote start with a card already charging elsewhere used to show "The charge point
// answered: Accepted". The portal now follows the start to its outcome where it was given: the
// refusal in red and in words, or the session that started, linked.

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

const connectorRow = (page: Page, n: number) =>
  page
    .getByTestId('connector-table')
    .locator('tbody tr.ant-table-row')
    .nth(n - 1);
const banner = (page: Page) => page.getByTestId('cp-command-answer');

async function remoteStart(page: Page, connector: number, card: string): Promise<void> {
  await connectorRow(page, connector).getByRole('button', { name: 'Start' }).click();
  const dialog = page.getByRole('dialog', { name: `Start charging on connector ${connector}` });
  await dialog.getByText('Card number', { exact: true }).click();
  await dialog.getByTestId('start-id-tag').fill(card);
  await dialog.getByRole('button', { name: 'Start' }).click();
}

describe('a remote start followed to its outcome', () => {
  it('shows a card already charging elsewhere as refused, in red and in words; a start that works links its session', async () => {
    // A retry must not find DEMO0002 and DEMO0001 still charging at the first attempt's chargers.
    await endLeftovers(chargers);
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const setup = (id: string) =>
      chargerWithTariff(page, {
        id,
        operator: 'Voltline İstanbul',
        site: 'Kadıköy',
        connectorCount: 2,
        tariff: { name: 'E2E RS AC', fixed: 0, price: 800 },
        charger: { idTags: [] },
      });
    const here = uniqueName('E2E-RS');
    const elsewhere = uniqueName('E2E-RS-B');
    const [charger, other] = await Promise.all([setup(here), setup(elsewhere)]);
    chargers.push(charger, other);
    // Zeynep's card is charging at the other charge point.
    expect((await other.startSession(1, 'DEMO0002')).status).toBe('Accepted');

    await page.goto(`/portal/management/device/detail/${here}/connectors`);
    await connectorRow(page, 1).getByText('Available', { exact: true }).waitFor();
    await remoteStart(page, 1, 'DEMO0002');
    const refused = banner(page).getByText(
      'Remote start on connector 1: Refused: the card is already charging at another charge point.',
      { exact: true },
    );
    await refused.waitFor({ timeout: 20_000 });
    expect(await banner(page).getAttribute('data-outcome')).toBe('refused');
    // Never green: the banner is an error.
    expect(await banner(page).getAttribute('class')).toContain('ant-alert-error');
    await screenshot(page, 'remote-start-refused');

    await remoteStart(page, 2, 'DEMO0001');
    const started = banner(page).getByText(
      /^Remote start on connector 2: Charging started \(session \d+\)\.$/,
    );
    await started.waitFor({ timeout: 20_000 });
    expect(await banner(page).getAttribute('class')).toContain('ant-alert-success');
    const id = /session (\d+)/.exec(await started.innerText())?.[1];
    await banner(page).getByTestId('remote-start-session').click();
    await page.waitForURL(new RegExp(`/portal/reports/chargingsessions\\?tab=all&session=${id}$`));
  });
});
