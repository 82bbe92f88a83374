import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  api,
  launchBrowser,
  newPage,
  pick,
  screenshot,
  signInAs,
  switchToTurkish,
  uniqueName,
} from '../support/browser';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const OPERATOR = 'Voltline İstanbul';
const element = (page: Page, i: number) => page.getByTestId(`tariff-element-${i}`);
/** Text as read: Intl writes a no-break space between a currency code and its amount. */
const flat = async (l: Locator) => (await l.innerText()).replace(/\s+/g, ' ').trim();
const component = (page: Page, e: number, c: number) => page.getByTestId(`price-component-${e}-${c}`);

/** A charge point of the operator (no charger needed) with the tariff on its connector 1. */
async function putOnConnector(page: Page, chargePointId: string, tariffId: number): Promise<void> {
  const operators = await api<{ id: number; name: string }[]>(page, 'GET', 'portal/operator/lookup');
  await api(page, 'POST', 'portal/ChargePoint', {
    chargePointId,
    name: `${chargePointId} Pier`,
    operatorId: operators.find((o) => o.name === OPERATOR)?.id,
    connectorCount: 1,
  });
  const connectors = await api<{ id: number; connectorId: number }[]>(
    page,
    'GET',
    `portal/connector?chargePointId=${chargePointId}`,
  );
  await api(page, 'PUT', 'portal/connector', { id: connectors[0]?.id, tariffId });
}

/** Sets the operator's VAT to 20 %, included in its prices, in Istanbul time (the same on a retry). */
async function setOperatorVat(page: Page): Promise<void> {
  await signInAs(page, 'admin@voltline.local', '/portal/management/operator');
  const row = page.getByTestId('operator-tree').locator('tr.ant-table-row', { hasText: OPERATOR }).first();
  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('heading', { name: `Edit ${OPERATOR}` }).waitFor();
  await page.getByLabel('VAT rate').fill('20');
  const includes = page.getByTestId('operator-form-prices-include-vat');
  if ((await includes.getAttribute('aria-checked')) !== 'true') await includes.click();
  await pick(page, 'operator-form-time-zone', 'Europe/Istanbul');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/operator\/detail\/\d+$/);
  const details = page.getByTestId('operator-details');
  await expect.poll(() => details.innerText()).toMatch(/VAT rate\s+20 %/);
  await expect.poll(() => details.innerText()).toMatch(/Prices include VAT\s+Yes/);
  await expect.poll(() => details.innerText()).toMatch(/Time zone\s+Europe\/Istanbul/);
}

describe('tariffs by price components', () => {
  it('builds a tariff of components, previews its cost with VAT, and says its price in words', async () => {
    const name = uniqueName('Evening AC');
    const { page } = await newPage(browser, server.url);
    await setOperatorVat(page);

    await page.goto('/portal/management/tariff/add');
    await page.getByRole('heading', { name: 'Add tariff' }).waitFor();
    await page.getByLabel('Name').fill(name);
    await pick(page, 'tariff-form-operator', OPERATOR);
    await page.getByTestId('tariff-form-pricing').getByText('Price components').click();

    // Element 1: energy at 8.00, a session fee of 2.50, parking at 12.00 an hour after 10 free minutes.
    await component(page, 0, 0).getByLabel('Price', { exact: true }).fill('8');
    await element(page, 0).getByTestId('tariff-element-0-add-component').click();
    await pick(page, 'price-component-0-1-type', 'Session fee');
    await component(page, 0, 1).getByLabel('Price', { exact: true }).fill('2.50');
    await element(page, 0).getByTestId('tariff-element-0-add-component').click();
    await pick(page, 'price-component-0-2-type', 'Parking time');
    await component(page, 0, 2).getByLabel('Price', { exact: true }).fill('12');
    await component(page, 0, 2).getByLabel('Free minutes').fill('10');

    // Element 2: charging time at 6.00 an hour, from 18:00 to 22:00.
    await page.getByTestId('tariff-add-element').click();
    await pick(page, 'price-component-1-0-type', 'Charging time');
    await component(page, 1, 0).getByLabel('Price', { exact: true }).fill('6');
    await element(page, 1).getByLabel('From (time)').fill('18:00');
    await element(page, 1).getByLabel('Until (time)').fill('22:00');

    // Element 3 with dates the wrong way round: the server refuses it, at the field, in words.
    await page.getByTestId('tariff-add-element').click();
    await component(page, 2, 0).getByLabel('Price', { exact: true }).fill('1');
    await element(page, 2).getByLabel('From (date)').fill('10 Jan 2027');
    await element(page, 2).getByLabel('From (date)').press('Tab');
    await element(page, 2).getByLabel('Until (date)').fill('05 Jan 2027');
    await element(page, 2).getByLabel('Until (date)').press('Tab');
    await page.getByRole('button', { name: 'Create tariff' }).click();
    await element(page, 2).getByText('The end date must be after the start date.').waitFor();
    expect(page.url()).toMatch(/\/tariff\/add$/);
    await element(page, 2).getByRole('button', { name: 'Remove element' }).click();
    await expect.poll(() => element(page, 2).count()).toBe(0);

    // The example: 30 kWh from 17:00 for two hours, then 20 minutes parked.
    const preview = page.getByTestId('tariff-preview');
    const lines = preview.getByTestId('tariff-preview-line');
    await expect
      .poll(() => lines.allInnerTexts())
      .toEqual([
        expect.stringMatching(/Energy 30\.00 kWh × ₺8\.00\/kWh \(element 1\)\s+₺240\.00/),
        expect.stringMatching(/Charging time 1:00:00 × ₺6\.00\/h \(element 2\)\s+₺6\.00/),
        expect.stringMatching(/Session fee \(element 1\)\s+₺2\.50/),
        expect.stringMatching(/Parking 0:10:00 × ₺12\.00\/h \(element 1\)\s+₺2\.00/),
      ]);
    await expect.poll(() => preview.getByTestId('tariff-preview-total').innerText()).toBe('₺250.50');
    await expect
      .poll(() => preview.getByTestId('tariff-preview-vat').innerText())
      .toMatch(/VAT 20%\s+₺41\.75/);
    await expect.poll(() => preview.getByTestId('tariff-preview-net').innerText()).toMatch(/Net\s+₺208\.75/);
    // Ten more minutes parked: ten more minutes billed at 12.00 an hour.
    await preview.getByLabel('Minutes parked after charging').fill('30');
    await expect.poll(() => preview.getByTestId('tariff-preview-total').innerText()).toBe('₺252.50');
    await screenshot(page, 'tariff-components-form');

    await page.getByRole('button', { name: 'Create tariff' }).click();
    await page.waitForURL(/\/tariff\/detail\/\d+$/);
    await page.getByRole('heading', { name }).waitFor();
    // In AFIR order, with the price both with and without VAT, the lira written "₺" as elsewhere.
    const words = page.getByTestId('tariff-price-words');
    await expect
      .poll(() => flat(words))
      .toBe(
        '₺8.00 per kWh (incl. 20% VAT, ₺6.6667 excl. VAT) ' +
          '₺0.10 per minute of charging (incl. 20% VAT, ₺0.0833 excl. VAT, 18:00–22:00) ' +
          '₺2.50 per session (incl. 20% VAT, ₺2.0833 excl. VAT) ' +
          'parking ₺0.20 per minute after charging (incl. 20% VAT, ₺0.1667 excl. VAT, the first 10 min free)',
      );
    await expect.poll(() => page.getByTestId('tariff-preview-total').innerText()).toBe('₺250.50');
    await screenshot(page, 'tariff-components-detail');

    const tariffId = Number(page.url().split('/').pop());

    // On a connector with this tariff, the Connectors tab says its price too.
    const cpId = uniqueName('E2E-TARIFF');
    await putOnConnector(page, cpId, tariffId);
    await page.goto(`/portal/management/device/detail/${cpId}/connectors`);
    const connectorWords = page.getByTestId('connector-tariff-words');
    await expect
      .poll(() => flat(connectorWords.first()))
      .toBe('₺8.00 per kWh (incl. 20% VAT, ₺6.6667 excl. VAT)');
    await expect.poll(() => connectorWords.count()).toBe(4);

    // In Turkish, on the tab and on the tariff's page.
    await switchToTurkish(page);
    await expect
      .poll(() => flat(connectorWords.first()))
      .toBe('kWh başına ₺8,00 (%20 KDV dahil, KDV hariç ₺6,6667)');
    await page.goto(`/portal/management/tariff/detail/${tariffId}`);
    await expect.poll(() => flat(words)).toContain('kWh başına ₺8,00 (%20 KDV dahil, KDV hariç ₺6,6667)');
    await expect.poll(() => flat(words)).toContain('şarj dakikası başına ₺0,10');
    await expect.poll(() => flat(words)).toContain('ilk 10 dk ücretsiz');
    await expect.poll(() => page.getByTestId('tariff-preview-total').innerText()).toBe('₺250,50');
  });
});
