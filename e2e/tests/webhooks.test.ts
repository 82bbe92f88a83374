import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signInAs, uniqueName } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let receiver: Server;
const received: { path: string; signature: string; type: string; body: string }[] = [];

beforeAll(async () => {
  // The receiver runs beside the server, on this machine: the server must be allowed to reach it.
  [server, browser] = await Promise.all([startServer({ WEBHOOK_ALLOW_PRIVATE: 'true' }), launchBrowser()]);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        signature: String(req.headers['voltline-signature']),
        type: String(req.headers['voltline-event-type']),
        body,
      });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks from the receiver');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  receiver?.close();
});

describe('the webhooks screen', () => {
  it('adds an endpoint, shows its secret once, sends a test event and shows it delivered in the log', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/user');
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await page.waitForURL('**/portal/integrations/webhooks');

    // A path of this attempt's own: a retry finds its first attempt's endpoint, and its deliveries.
    const path = `/${uniqueName('voltline')}`;
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`;
    const endpoint = page.getByTestId('webhook-endpoints').locator('tr.ant-table-row', { hasText: url });
    const mine = () => received.filter((r) => r.path === path);
    await page.getByTestId('webhook-add').click();
    await page.locator('#webhook-url').fill(url);
    await page.locator('#webhook-save').click();
    const secretText = page.getByTestId('webhook-secret');
    await secretText.waitFor();
    const secret = (await secretText.innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => endpoint.getByTestId('webhook-url-cell').innerText()).toBe(url);
    await expect.poll(() => endpoint.getByTestId('webhook-state').innerText()).toBe('On');

    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => mine().length, { timeout: 15_000 }).toBe(1);
    const [got] = mine();
    const [t, v1] = got!.signature.split(',').map((p) => p.split('=')[1]);
    expect(createHmac('sha256', secret).update(`${t}.${got!.body}`).digest('hex')).toBe(v1);
    expect(got!.type).toBe('webhook.test');

    const log = page.getByTestId('webhook-deliveries');
    const delivery = log.locator('tr.ant-table-row', { hasText: url });
    await expect
      .poll(() => delivery.getByTestId('delivery-state').first().innerText(), { timeout: 15_000 })
      .toBe('Delivered');
    expect(await delivery.getByTestId('delivery-type').first().innerText()).toBe('webhook.test');
    await delivery.locator('.ant-table-row-expand-icon').first().click();
    await expect.poll(() => log.innerText()).toContain('thanks from the receiver');
    // The secret is not shown again anywhere on the screen.
    expect(await page.locator('body').innerText()).not.toContain(secret);
    await screenshot(page, 'webhooks');
  });
});
