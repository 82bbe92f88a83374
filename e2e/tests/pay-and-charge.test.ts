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
// Then staff, on a desktop: the line on the Payments screen, its card money, a partial refund that
// goes back through the sandbox provider, and the session marked as paid by card.

let server: TestServer;
let browser: Browser;
const chargers: SimCharger[] = [];
let identity = '';
/** The stranger's captured payment, for the staff's side: its reference, session and amount. */
let paid: { reference: string; sessionId: number; captured: number } | undefined;

const lira = (minor: number) => `₺${(minor / 100).toFixed(2)}`;
const paymentRows = (page: Page) => page.getByTestId('payment-table').locator('tbody tr.ant-table-row');

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
    await expect.poll(() => page.locator('ul.price').innerText()).toContain('₺8.00 per kWh');
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
    const captured = Math.round(parseFloat(/₺(\d+\.\d{2})/.exec(await status.innerText())?.[1] ?? '') * 100);
    const reference = /\/pay\/s\/([0-9a-f-]+)/.exec(page.url())?.[1] ?? '';
    const receipt = page.getByRole('link', { name: 'Receipt (PDF)' });
    await receipt.waitFor();
    expect(await receipt.getAttribute('href')).toMatch(/^\/pay\/s\/[0-9a-f-]+\/receipt\?lang=en$/);
    await screenshot(page, 'pay-finished-phone');
    const pdf = await page.request.get((await receipt.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // The receipt is named by the session: the staff's side finds its payment line by it.
    const sessionId = Number(/receipt-(\d+)\.pdf/.exec(pdf.headers()['content-disposition'] ?? '')?.[1]);
    expect(sessionId).toBeGreaterThan(0);
    paid = { reference, sessionId, captured };

    const mail = await mailTo(email);
    expect(mail).toMatch(/Your[_ ]charging[_ ]receipt/);
    expect(mail).toContain('application/pdf');
  });

  it('shows the payment to staff on a desktop, refunds part of it to the card, and marks the session', async () => {
    if (!paid) throw new Error("no captured payment: the stranger's charge above did not finish");
    const { reference, sessionId, captured } = paid;
    // Half of a charge of a few seconds: a refund that leaves something, of at least ₺0.01.
    expect(captured).toBeGreaterThanOrEqual(2);
    const part = Math.floor(captured / 2);
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/reports/payments');
    const filter = page.getByTestId('payment-filter-tran-id').locator('input');
    await filter.fill(`VL-SES-${sessionId}`);
    await filter.press('Enter');
    await expect.poll(() => paymentRows(page).count()).toBe(1);
    const line = paymentRows(page).first();
    await line.getByText(`VL-SES-${sessionId}`).waitFor();
    expect(await line.getByTestId('payment-adhoc').innerText()).toBe('Card, ad hoc');
    await line.getByText('Sandbox (test provider)').waitFor();
    expect(await line.getByTestId('payment-amount').innerText()).toBe(lira(captured));
    expect(await line.getByTestId('payment-refunded').innerText()).toBe('—');
    expect(await line.getByTestId('payment-state').innerText()).toBe('Completed');

    // The card's money as the provider moved it: ₺500.00 held, the charge captured, the rest released.
    const details = page.getByTestId('payment-adhoc-details');
    await expect
      .poll(async () => {
        if (!(await details.isVisible())) await line.getByRole('button', { name: /expand row/i }).click();
        return details.isVisible();
      })
      .toBe(true);
    await details.getByText('Card payment without an account').waitFor();
    await details.getByText('Sandbox (test provider)').waitFor();
    await details.getByText(reference, { exact: true }).waitFor();
    for (const label of ['Hold (pre-authorization)', 'Captured', 'Released', 'Refunded to the card'])
      await details.getByText(label, { exact: true }).waitFor();
    expect(await details.getByTestId('payment-adhoc-hold').innerText()).toBe('₺500.00');
    expect(await details.getByTestId('payment-adhoc-captured').innerText()).toBe(lira(captured));
    expect(await details.getByTestId('payment-adhoc-released').innerText()).toBe(lira(50_000 - captured));
    expect(await details.getByTestId('payment-adhoc-refunded').innerText()).toBe('₺0.00');
    await screenshot(page, 'payments-adhoc-line');

    // A partial refund through the dialog, which says the card provider gives the money back.
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await expect
      .poll(async () => {
        if (!(await dialog.isVisible())) await line.getByTestId('payment-refund').click({ timeout: 2_000 });
        return dialog.isVisible();
      })
      .toBe(true);
    await dialog
      .getByTestId('refund-adhoc-note')
      .getByText('Sandbox (test provider) gives the money back to the card')
      .waitFor();
    const amount = dialog.getByTestId('refund-amount');
    expect(await amount.inputValue()).toBe((captured / 100).toFixed(2));
    await amount.fill((part / 100).toFixed(2));
    const confirm = dialog.getByTestId('refund-confirm');
    await expect
      .poll(async () => {
        if (!(await confirm.isVisible()))
          await dialog
            .getByRole('button', { name: 'Continue' })
            .click({ timeout: 2_000 })
            .catch(() => undefined);
        return confirm.isVisible();
      })
      .toBe(true);
    await confirm.getByText(`Refund ${lira(part)}?`).waitFor();
    await confirm.getByText(`${lira(captured - part)} can still be refunded later`).waitFor();
    await screenshot(page, 'payment-adhoc-refund-confirm');
    await dialog.getByRole('button', { name: `Refund ${lira(part)}` }).click();
    await page
      .locator('.ant-notification-notice-success')
      .getByText(`Refund of ${lira(part)} recorded.`)
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => line.getByTestId('payment-state').innerText()).toBe('Partially refunded');
    expect(await line.getByTestId('payment-refunded').innerText()).toBe(`−${lira(part)}`);
    // The card's figure is the server's record of the hold, moved only once the sandbox gave it back.
    await expect.poll(() => details.getByTestId('payment-adhoc-refunded').innerText()).toBe(lira(part));
    expect(await details.getByTestId('payment-adhoc-captured').innerText()).toBe(lira(captured));
    await screenshot(page, 'payments-adhoc-refunded');

    // The Sessions report: the session, without a driver, paid by card.
    await page.goto(`/portal/reports/chargingsessions?tab=all&chargePointId=${identity}`);
    const session = page
      .getByTestId('session-table')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: `#${sessionId}` });
    await session.waitFor();
    expect(await session.getByTestId('session-adhoc').innerText()).toBe('Paid by card, ad hoc');
    await screenshot(page, 'sessions-adhoc');
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
