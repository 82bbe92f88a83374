import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SimCharger, SimCharger201 } from '@voltline/simulator';
import {
  chooseCommand,
  launchBrowser,
  newPage,
  pickBySearch,
  screenshot,
  signInAs,
  uniqueName,
} from '../support/browser';
import { charger201WithTariff, chargerWithTariff } from '../support/charger';
import { startServer, type TestServer } from '../support/server';

// The raw command console: from a charge point's Commands menu, staff who may (Admin, Technical
// Support) send any request of the charger's own OCPP version as JSON and read the reply; a
// request the official schema refuses, or a charger's CALLERROR, shows red in words.

let server: TestServer;
let browser: Browser;
let station: SimCharger201 | undefined;
let charger: SimCharger | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await station?.close().catch(() => undefined);
  await charger?.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

const answer = (page: Page) => page.getByTestId('raw-call-answer');
const refusal = (page: Page) => page.getByTestId('raw-call-refusal');

async function openConsole(page: Page, cp: string): Promise<void> {
  await page.goto(`/portal/management/device/detail/${cp}`);
  await page.getByTestId('cp-commands').waitFor();
  await chooseCommand(page, 'Send any message…');
  await page.getByTestId('raw-call-action').waitFor();
}

async function send(page: Page, action: string, payload?: string): Promise<void> {
  // The list is long (and drawn as it scrolls): the action is found by typing it.
  const select = page.getByTestId('raw-call-action');
  await pickBySearch(page, select, action, action);
  await select.getByText(action, { exact: true }).waitFor();
  if (payload !== undefined) await page.getByTestId('raw-call-payload').fill(payload);
  await page.getByTestId('raw-call-send').click();
}

describe('the raw command console in the portal', () => {
  it('B06 sends GetVariables to a 2.0.1 station and shows its reply; a request the schema refuses shows red', async () => {
    const cp = uniqueName('E2E-RAW201');
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    station = await charger201WithTariff(page, {
      id: cp,
      operator: 'Voltline İstanbul',
      site: 'Levent',
      connectorCount: 1,
      tariff: { name: 'E2E RAW AC', fixed: 0, price: 900 },
      charger: {},
    });
    await openConsole(page, cp);
    // GetVariables starts from its example: the heartbeat interval of OCPPCommCtrlr.
    await send(page, 'GetVariables');
    await answer(page).getByText('The charge point answered GetVariables.', { exact: true }).waitFor();
    const json = await answer(page).getByTestId('raw-call-json').innerText();
    expect(JSON.parse(json)).toMatchObject({
      getVariableResult: [
        {
          attributeStatus: 'Accepted',
          component: { name: 'OCPPCommCtrlr' },
          variable: { name: 'HeartbeatInterval' },
        },
      ],
    });
    await screenshot(page, 'raw-console-get-variables');

    // A component without its name: refused before anything is sent, field by field, in red.
    await send(page, 'GetVariables', '{"getVariableData": [{"component": {}, "variable": {"name": "X"}}]}');
    await refusal(page)
      .getByText(
        'This GetVariables request does not follow the OCPP 2.0.1 schema; nothing was sent. See the fields below.',
      )
      .waitFor();
    await refusal(page).getByText('getVariableData.0.component.name', { exact: true }).waitFor();
    await expect.poll(() => refusal(page).getAttribute('class')).toContain('ant-alert-error');
    await screenshot(page, 'raw-console-schema-refusal');

    // A request the station does not implement: its CALLERROR, red.
    await send(page, 'UnpublishFirmware', '{"checksum": "0123456789abcdef0123456789abcdef"}');
    await refusal(page)
      .getByText(/^The charge point refused UnpublishFirmware with an error: NotImplemented/)
      .waitFor();
  });

  it('F06 triggers a Heartbeat of a 1.6 charger and shows its answer; other roles do not see the console', async () => {
    const cp = uniqueName('E2E-RAW16');
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    charger = await chargerWithTariff(page, {
      id: cp,
      operator: 'Voltline İstanbul',
      site: 'Kadıköy',
      connectorCount: 1,
      tariff: { name: 'E2E RAW16 AC', fixed: 0, price: 900 },
      charger: {},
    });
    await signInAs(page, 'support@voltline.local');
    await openConsole(page, cp);
    // 1.6's requests are offered, 2.0.1's are not.
    await page.getByTestId('raw-call-action').click();
    await page.keyboard.type('Get');
    const offered = page.locator('.ant-select-dropdown:visible');
    await offered.getByTitle('GetConfiguration', { exact: true }).waitFor();
    expect(await offered.getByTitle('GetVariables', { exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await send(page, 'TriggerMessage');
    await answer(page).getByText('The charge point answered TriggerMessage.', { exact: true }).waitFor();
    expect(JSON.parse(await answer(page).getByTestId('raw-call-json').innerText())).toEqual({
      status: 'Accepted',
    });
    await screenshot(page, 'raw-console-trigger-16');

    // A Site Safety Officer sends commands, but not raw ones.
    await signInAs(page, 'safety@voltline.local', `/portal/management/device/detail/${cp}`);
    await page.getByTestId('cp-commands').click();
    await page.getByRole('menuitem', { name: /Trigger message$/ }).waitFor();
    expect(await page.getByRole('menuitem', { name: /Send any message/ }).count()).toBe(0);
  });
});
