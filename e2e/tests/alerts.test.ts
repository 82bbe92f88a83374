import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startCharger } from '@voltline/simulator';
import { api, launchBrowser, newPage, screenshot, signInAs, uniqueName } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

// The operations console as staff use it: a charger of theirs goes offline past the operator's
// rule, the server raises an alert, and the header's bell leads to it; an admin acknowledges,
// comments and resolves it and reads its history; a CallCenter user sees it but may not act.

let server: TestServer;
let browser: Browser;
let alertId: number;
let CP: string;

interface Page<T> {
  items: T[];
}
interface AlertRow {
  id: number;
  state: string;
  subjectCount: number;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  // Made through the API, as staff would: the rule raised after its shortest delay, a charger
  // of this run's own that connects and then goes away.
  const { page } = await newPage(browser, server.url);
  await signInAs(page, 'admin@voltline.local');
  const me = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
  const rules = await api<{ id: number; operatorId: number }[]>(page, 'GET', 'portal/Alerts/rules');
  const rule = rules.find((r) => r.operatorId === me.operatorId);
  await api(page, 'PUT', `portal/Alerts/rules/${rule?.id}`, { enabled: true, raiseAfterSeconds: 60 });
  CP = uniqueName('ALR-E2E');
  const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
    chargePointId: CP,
    name: 'Car park bay',
    operatorId: me.operatorId,
    connectorCount: 1,
  });
  const charger = await startCharger({
    url: creds.ocppUrl.slice(0, -(CP.length + 1)),
    id: CP,
    password: creds.password,
  });
  await charger.close();
  // Offline for a minute, then the evaluator's next run (every 15 s) raises the alert.
  const openOne = async () =>
    (await api<Page<AlertRow>>(page, 'GET', `portal/Alerts?chargePointId=${CP}&state=open`)).items[0];
  for (let waited = 0; waited < 150_000 && !(await openOne()); waited += 3_000)
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  const raised = await openOne();
  if (!raised) throw new Error(`no alert raised for ${CP} within 150 s`);
  alertId = raised.id;
  await page.context().close();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the alerts screen', () => {
  it("shows the open alert on its charge point's page, linked to the alert", async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', `/portal/management/device/detail/${CP}`);
    const card = page.getByTestId('cp-alerts');
    await expect.poll(() => card.getByTestId(`cp-alert-${alertId}`).count()).toBe(1);
    expect(await card.getByTestId(`cp-alert-${alertId}`).innerText()).toBe('Charger offline');
    expect(await card.getByTestId('cp-alerts-open-count').innerText()).toBe('1 open');
    expect(await card.innerText()).toContain('This charger alone');
    await card.getByTestId(`cp-alert-${alertId}`).click();
    await page.waitForURL(`**/portal/alerts/${alertId}`);
    await page.context().close();
  });

  it('leads from the header bell to the alert, which is acknowledged, commented, resolved and told in its history', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/user');
    const bell = page.getByTestId('header-alerts');
    await expect.poll(() => page.getByTestId('header-alerts-count').innerText()).toMatch(/^\d+$/);
    await bell.click();
    await page.waitForURL('**/portal/alerts');

    // The Open tab lists it, in words, with its one charger.
    const row = page.getByTestId('alerts-table').locator('tr.ant-table-row', {
      has: page.getByTestId(`alert-link-${alertId}`),
    });
    await expect.poll(() => row.getByTestId('alert-state').innerText()).toBe('Open');
    expect(await row.getByTestId(`alert-link-${alertId}`).innerText()).toBe('Charger offline');
    expect(await row.getByTestId('alert-charger-count').innerText()).toBe('1');
    await row.getByTestId(`alert-link-${alertId}`).click();
    await page.waitForURL(`**/portal/alerts/${alertId}`);

    // Its charger, offline since, still offline.
    const chargers = page.getByTestId('alert-chargers');
    await expect.poll(() => chargers.innerText()).toContain(`Car park bay (${CP})`);
    expect(await chargers.innerText()).toContain('Still offline');

    await page.getByTestId('alert-acknowledge').click();
    await expect.poll(() => page.getByTestId('alert-state').innerText()).toBe('Acknowledged');
    await expect.poll(() => page.getByTestId('alert-acknowledge').count()).toBe(0);

    const comment = 'Site manager called: the breaker tripped.';
    await page.getByTestId('alert-comment').click();
    await page.getByTestId('alert-comment-text').fill(comment);
    await page.getByTestId('alert-dialog-ok').click();
    await expect.poll(() => page.getByTestId('alert-history').innerText()).toContain(comment);

    // Resolving without a comment is allowed; an empty comment is refused in words first.
    await page.getByTestId('alert-comment').click();
    await page.getByTestId('alert-comment-text').waitFor();
    await page.getByTestId('alert-dialog-ok').click();
    await expect.poll(() => page.locator('.ant-modal').innerText()).toContain('Write a comment.');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('alert-comment-text').waitFor({ state: 'detached' });

    await page.getByTestId('alert-resolve').click();
    await page.getByTestId('alert-comment-text').fill('Breaker reset on site.');
    await page.getByTestId('alert-dialog-ok').click();
    await expect.poll(() => page.getByTestId('alert-state').innerText()).toBe('Resolved');
    expect(await page.getByTestId('alert-resolve').count()).toBe(0);

    // Each step in words, with who took it (the admin) and when.
    const me = await api<{ name: string; surname: string }>(page, 'GET', 'portal/Auth/me');
    const admin = `${me.name} ${me.surname}`;
    const lines = page.getByTestId('alert-history-line');
    await expect
      .poll(async () => (await lines.allInnerTexts()).map((l) => l.split('\n')[0]))
      .toEqual(
        expect.arrayContaining([
          'Raised by Voltline',
          `Acknowledged by ${admin}`,
          `Comment by ${admin}`,
          `Resolved by ${admin}`,
        ]),
      );
    expect(await page.getByTestId('alert-history').innerText()).toContain('Breaker reset on site.');
    await screenshot(page, 'alert');
  });

  it('shows a CallCenter user the alert and its history, with no steps to take', async () => {
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'callcenter@voltline.local', `/portal/alerts?state=all&chargePointId=${CP}`);
    await page.getByTestId(`alert-link-${alertId}`).waitFor();
    await page.getByTestId(`alert-link-${alertId}`).click();
    await page.waitForURL(`**/portal/alerts/${alertId}`);
    await expect.poll(() => page.getByTestId('alert-history').innerText()).toContain('Raised by Voltline');
    for (const action of ['alert-acknowledge', 'alert-assign', 'alert-comment', 'alert-resolve'])
      expect(await page.getByTestId(action).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Rules' }).count()).toBe(0);
  });
});
