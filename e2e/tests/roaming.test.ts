import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signInAs, uniqueName } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let partner: Server;
let partnerUrl = '';
/** What Voltline asked of the partner: method, path and the token it presented. */
const calls: { method: string; path: string; token: string }[] = [];

/** OCPI 2.2.1 sends a token base64-encoded after "Token "; older peers send it as it is. */
function tokenOf(req: IncomingMessage): string {
  const raw = String(req.headers.authorization ?? '').replace(/^Token\s+/i, '');
  const decoded = Buffer.from(raw, 'base64').toString('utf8');
  return Buffer.from(decoded, 'utf8').toString('base64') === raw ? decoded : raw;
}

const envelope = (data: unknown) => ({ data, status_code: 1000, timestamp: new Date().toISOString() });

/** The partner's own credentials, as an eMSP answers a registration. */
const credentials = (token: string) => ({
  token,
  url: `${partnerUrl}/ocpi/versions`,
  roles: [
    {
      role: 'EMSP',
      country_code: 'NL',
      party_id: 'EXA',
      business_details: { name: 'Example Mobility', website: 'https://mobility.example' },
    },
  ],
});

beforeAll(async () => {
  // The partner runs beside the server, on this machine: the server must be allowed to reach it.
  [server, browser] = await Promise.all([
    startServer({ OCPI_ALLOW_PRIVATE: 'true', OCPI_TIMEOUT_SECONDS: '5' }),
    launchBrowser(),
  ]);
  // A small eMSP: its versions, its 2.2.1 modules, and a credentials module that accepts anyone.
  partner = createServer((req, res) => {
    const path = req.url ?? '';
    calls.push({ method: req.method ?? 'GET', path, token: tokenOf(req) });
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const reply = (data: unknown) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(envelope(data)));
      if (path === '/ocpi/versions') return reply([{ version: '2.2.1', url: `${partnerUrl}/ocpi/2.2.1` }]);
      if (path === '/ocpi/2.2.1')
        return reply({
          version: '2.2.1',
          endpoints: [
            { identifier: 'credentials', role: 'SENDER', url: `${partnerUrl}/ocpi/2.2.1/credentials` },
            { identifier: 'locations', role: 'RECEIVER', url: `${partnerUrl}/ocpi/2.2.1/locations` },
            { identifier: 'sessions', role: 'RECEIVER', url: `${partnerUrl}/ocpi/2.2.1/sessions` },
          ],
        });
      if (path === '/ocpi/2.2.1/credentials')
        return req.method === 'DELETE' ? reply(null) : reply(credentials('partner-token-c'));
      return reply(null);
    });
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  partnerUrl = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  partner?.close();
});

async function openRoaming(page: Page, email: string): Promise<void> {
  await signInAs(page, email, '/portal/management/user');
  await page.getByRole('menuitem', { name: 'Roaming' }).click();
  await page.waitForURL('**/portal/integrations/roaming');
  await page.getByRole('heading', { name: 'Roaming' }).waitFor();
}

/** An OCPI call to Voltline as the partner makes it, with its token. */
async function ocpi(method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: {
      Authorization: `Token ${Buffer.from(token).toString('base64')}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { status_code: number; data: unknown } };
}

describe('the roaming screen', () => {
  it('invites a partner, shows token A once, and shows it registered once the partner used it', async () => {
    const name = uniqueName('Inbound eMSP');
    const { context, page } = await newPage(browser, server.url);
    await openRoaming(page, 'admin@voltline.local');
    const identityUrl = (await page.getByTestId('roaming-identity-url').innerText()).trim();
    expect(identityUrl).toMatch(/\/ocpi\/versions$/);

    await page.getByTestId('roaming-invite').click();
    await page.getByTestId('roaming-name').fill(name);
    await page.getByRole('button', { name: 'Create invitation' }).click();
    const shown = page.getByTestId('roaming-token-a-shown');
    await shown.waitFor();
    const tokenA = (await shown.locator('code').innerText()).trim();
    const versionsUrl = (
      await page.getByTestId('roaming-versions-url-shown').locator('code').innerText()
    ).trim();
    expect(tokenA.length).toBeGreaterThan(8);
    expect(versionsUrl).toBe(identityUrl);
    await expect.poll(() => page.locator('.ant-modal .ant-typography-copy').count()).toBe(2);
    await screenshot(page, 'roaming-invitation');
    await page.getByTestId('roaming-invitation-done').click();
    await shown.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(tokenA);

    const row = page.locator('tr.ant-table-row', { hasText: name });
    await expect.poll(() => row.innerText()).toContain('Invited');

    // The partner registers as OCPI 2.2.1 says: versions, version details, then credentials POST.
    const versions = await ocpi('GET', versionsUrl, tokenA);
    expect(versions.body.status_code).toBe(1000);
    const v221 = (versions.body.data as { version: string; url: string }[]).find(
      (v) => v.version === '2.2.1',
    );
    expect(v221).toBeDefined();
    const details = await ocpi('GET', v221?.url ?? '', tokenA);
    const endpoints = (details.body.data as { endpoints: { identifier: string; url: string }[] }).endpoints;
    const credentialsUrl = endpoints.find((e) => e.identifier === 'credentials')?.url ?? '';
    const registered = await ocpi('POST', credentialsUrl, tokenA, credentials('partner-token-b'));
    expect(registered.body.status_code).toBe(1000);
    // Token A worked once: it opens nothing any more.
    expect((await ocpi('GET', versionsUrl, tokenA)).status).toBe(401);

    await page.reload();
    await expect.poll(() => row.innerText()).toContain('Registered');
    await expect.poll(() => row.innerText()).toContain('NL-EXA');
    await expect.poll(() => row.innerText()).toContain('They registered with us');
    await context.close();
  });

  it('registers with a partner, shows its modules, and unregisters it after saying what that does', async () => {
    const name = uniqueName('Outbound eMSP');
    const { context, page } = await newPage(browser, server.url);
    await openRoaming(page, 'admin@voltline.local');

    await page.getByTestId('roaming-register').click();
    await page.getByTestId('roaming-versions-url').fill(`${partnerUrl}/ocpi/versions`);
    await page.getByTestId('roaming-token-a').fill('partner-token-a');
    await page.getByTestId('roaming-name').fill(name);
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Register' }).click();

    const row = page.locator('tr.ant-table-row', { hasText: name });
    await expect.poll(() => row.innerText()).toContain('Registered');
    await expect.poll(() => row.innerText()).toContain('We registered with them');
    expect(calls.some((c) => c.path === '/ocpi/versions' && c.token === 'partner-token-a')).toBe(true);

    await row.getByRole('button', { name }).click();
    // The drawer's roles and modules, as the partner declared them.
    await page.getByText(`${partnerUrl}/ocpi/2.2.1/locations`, { exact: true }).waitFor();
    await page.getByText('Example Mobility', { exact: true }).waitFor();
    await screenshot(page, 'roaming-partner');

    await page.getByTestId('roaming-unregister').click();
    const confirm = page.locator('.ant-popconfirm');
    await expect.poll(() => confirm.innerText()).toContain('can no longer call Voltline');
    await confirm.getByRole('button', { name: 'Unregister' }).click();
    await expect.poll(() => row.innerText()).toContain('Unregistered');
    await expect
      .poll(() => calls.some((c) => c.method === 'DELETE' && c.path === '/ocpi/2.2.1/credentials'))
      .toBe(true);
    await context.close();
  });

  it("keeps the registration form open with the server's words when the partner cannot be reached", async () => {
    const { context, page } = await newPage(browser, server.url);
    await openRoaming(page, 'admin@voltline.local');
    await page.getByTestId('roaming-register').click();
    // A port nobody listens on.
    await page.getByTestId('roaming-versions-url').fill('http://127.0.0.1:9/ocpi/versions');
    await page.getByTestId('roaming-token-a').fill('some-token');
    await page.getByTestId('roaming-name').fill(uniqueName('Unreachable'));
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Register' }).click();

    const refusal = page.getByTestId('roaming-refusal');
    await refusal.waitFor();
    expect(await refusal.getAttribute('class')).toContain('ant-alert-error');
    expect((await refusal.innerText()).length).toBeGreaterThan('Not done'.length + 5);
    expect(await page.getByTestId('roaming-token-a').inputValue()).toBe('some-token');
    await context.close();
  });

  it('shows the partners to finance staff without the means to change them', async () => {
    const { context, page } = await newPage(browser, server.url);
    await openRoaming(page, 'finance@voltline.local');
    await page.getByTestId('roaming-identity').waitFor();
    await page.locator('.ant-table').waitFor();
    expect(await page.getByTestId('roaming-invite').count()).toBe(0);
    expect(await page.getByTestId('roaming-register').count()).toBe(0);
    await context.close();
  });
});
