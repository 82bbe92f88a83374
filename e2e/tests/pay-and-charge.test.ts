import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { SimCharger } from '@voltline/simulator';
import { launchBrowser, newPage, screenshot, signInAs, uniqueName } from '../support/browser';
import { chargerWithTariff, endLeftovers } from '../support/charger';
import { startServer, type TestServer } from '../support/server';

// Pay and charge without an account (issue #30), on a phone: a stranger opens a connector's public
// page, pays by test card on the sandbox's card form, the charger is started with the payment's
// token, the charge is stopped from the page, and the receipt is on the page and in the mail.

let server: TestServer;
let browser: Browser;
const chargers: SimCharger[] = [];
let identity = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await endLeftovers(chargers);
  await browser?.close();
  await server?.stop();
});

/** A stranger's phone: no sign-in, 390 × 844. */
async function phone(): Promise<Page> {
  const { page } = await newPage(browser, server.url);
  await page.setViewportSize({ width: 390, height: 844 });
  return page;
}

/**
 * A charge point of Voltline İstanbul with ₺8.00 per kWh on connector 1, its charger connected and
 * Available. Slow enough (11 kW, metered every 5 s) that a charge of a minute stays far under 1 kWh.
 */
async function chargerOfTheAttempt(): Promise<string> {
  const { page } = await newPage(browser, server.url);
  await signInAs(page, 'admin@voltline.local');
  const id = uniqueName('E2E-PAY');
  const charger = await chargerWithTariff(page, {
    id,
    operator: 'Voltline İstanbul',
    site: 'Pay bay',
    connectorCount: 1,
    tariff: { name: 'E2E Pay AC', price: 800, fixed: 0 },
    charger: { idTags: [], maxPower: 11_000, config: { MeterValueSampleInterval: '5' } },
  });
  chargers.push(charger);
  await page.context().close();
  return id;
}

/** The newest .eml sent to `to`, waiting up to 20 s for it. */
async function mailTo(to: string): Promise<string> {
  const outbox = join(server.dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt++) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    } catch {
      // Not created until the first message.
    }
    for (const file of files.sort().reverse()) {
      const mail = readFileSync(join(outbox, file), 'utf8');
      if (mail.toLowerCase().includes(to.toLowerCase())) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail for ${to} in ${outbox}`);
}

/** Fills the sandbox's card form and submits it. */
async function payByCard(page: Page, number: string): Promise<void> {
  await page.waitForURL(/\/pay\/sandbox\//);
  await page.locator('#number').fill(number);
  await page.locator('#expiry').fill('12/39');
  await page.locator('#cvc').fill('123');
  await page.getByRole('button', { name: /^Hold / }).click();
}

describe('pay by card and charge, on a phone', () => {
  it('pays by test card, charges, stops from the page, and shows and mails the receipt', async () => {
    identity = await chargerOfTheAttempt();
    const page = await phone();
    await page.goto(`/pay/${identity}*1`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText(`${identity} Pay bay · Connector 1`).waitFor();
    // The page is drawn once: opened before the charger's StatusNotification, it says so on a reload.
    await expect
      .poll(async () => {
        const state = await page.locator('#connector-state').innerText();
        if (state !== 'Free') await page.reload();
        return state;
      })
      .toBe('Free');
    await expect.poll(() => page.locator('ul.price').innerText()).toContain('per kWh');
    await page.getByText('Your card is held for ₺500.00 before charging.').waitFor();
    await screenshot(page, 'pay-connector-phone');

    const email = `${uniqueName('driver').toLowerCase()}@example.com`;
    await page.getByLabel('E-mail for your receipt (optional)').fill(email);
    await page.getByRole('button', { name: 'Pay by card and charge' }).click();
    await page.getByText('Your card is held for ₺500.00.').waitFor();
    await payByCard(page, '4242 4242 4242 4242');

    // Back on the payment's page: it reloads itself when the status changes.
    await page.waitForURL(/\/pay\/s\/[0-9a-f-]+/);
    const status = page.locator('#status');
    await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe('Charging.');
    // The charger's meter values show on the page, far under 1 kWh.
    await expect
      .poll(async () => parseFloat((await page.locator('#energy').innerText()).replace(',', '.')), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await screenshot(page, 'pay-charging-phone');

    await page.getByRole('button', { name: 'Stop charging' }).click();
    await expect
      .poll(() => status.innerText(), { timeout: 30_000 })
      .toMatch(/^Charging finished\. You paid ₺\d+\.\d{2}\.$/);
    const receipt = page.getByRole('link', { name: 'Receipt (PDF)' });
    await receipt.waitFor();
    expect(await receipt.getAttribute('href')).toMatch(/^\/pay\/s\/[0-9a-f-]+\/receipt\?lang=en$/);
    await screenshot(page, 'pay-finished-phone');
    const pdf = await page.request.get((await receipt.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    const mail = await mailTo(email);
    expect(mail).toMatch(/Your[_ ]charging[_ ]receipt/);
    expect(mail).toContain('application/pdf');
  });

  it('says a declined card in words on the card page', async () => {
    if (!identity) identity = await chargerOfTheAttempt();
    const page = await phone();
    await page.goto(`/pay/${identity}*1`);
    await page.getByRole('button', { name: 'Pay by card and charge' }).click();
    await payByCard(page, '4000 0000 0000 0002');
    await page.getByRole('alert').getByText('Your card was declined. Try another card.').waitFor();
    expect(page.url()).toMatch(/\/pay\/sandbox\//);
    await screenshot(page, 'pay-declined-phone');
  });

  it('speaks Turkish from the language link', async () => {
    if (!identity) identity = await chargerOfTheAttempt();
    const page = await phone();
    await page.goto(`/pay/${identity}*1`);
    await page.getByRole('link', { name: 'Türkçe' }).click();
    await page.getByRole('button', { name: 'Kartla öde ve şarj et' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('tr');
    await page.getByText(`${identity} Pay bay · Konnektör 1`).waitFor();
  });
});
