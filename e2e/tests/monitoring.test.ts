import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startCharger201, type SimCharger201 } from '@voltline/simulator';
import {
  api,
  launchBrowser,
  newPage,
  pickBySearch,
  screenshot,
  signInAs,
  uniqueName,
} from '../support/browser';
import { startServer, type TestServer } from '../support/server';

// OCPP 2.0.1 N04 and N07 as staff do them on the Monitors tab: a threshold monitor on a variable of
// the station's device model, a duplicate refused red in words, then the station crosses the
// threshold and the event it raises is listed on the Events tab with the monitor that raised it.

let server: TestServer;
let browser: Browser;
let station: SimCharger201 | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await station?.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

type Model = { variables: { component: { name: string } }[] };
type Monitors = { monitors: { id: number; origin: string; value: number }[] };

describe('variable monitors', () => {
  it('N04 staff add a threshold monitor; N07 the station crosses it and the event is listed', async () => {
    const CP = uniqueName('E2E-MON');
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const me = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
    const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
      chargePointId: CP,
      name: `${CP} Üsküdar`,
      operatorId: me.operatorId,
      connectorCount: 1,
    });
    station = await startCharger201({
      url: creds.ocppUrl.slice(0, -(CP.length + 1)),
      id: CP,
      password: creds.password,
      rebootDelay: 0.5,
    });
    const { id } = await api<{ id: number }>(page, 'GET', `portal/ChargePoint/${CP}`);
    // Voltline asks a new 2.0.1 station for its device model; the form offers its variables.
    await expect
      .poll(
        async () =>
          (await api<Model>(page, 'GET', `portal/ChargePoint/${id}/DeviceModel`)).variables.some(
            (v) => v.component.name === 'TemperatureSensor',
          ),
        { timeout: 30_000 },
      )
      .toBe(true);

    await page.goto(`/portal/management/device/detail/${CP}?tab=monitors`);
    const tab = page.getByTestId('monitors-tab');
    await tab.waitFor();
    const add = async () => {
      await page.getByTestId('monitor-add').click();
      await pickBySearch(
        page,
        page.getByTestId('monitor-variable'),
        'Temperature',
        'TemperatureSensor · Temperature (Celsius)',
      );
      await page.getByTestId('monitor-value').fill('40');
      await page.getByRole('button', { name: 'Set monitor' }).click();
    };
    await add();
    await tab.getByText('Voltline (custom)').waitFor();
    const custom = (await api<Monitors>(page, 'GET', `portal/ChargePoint/${id}/monitors`)).monitors.find(
      (m) => m.origin === 'custom',
    );
    expect(custom?.value).toBe(40);

    // The same monitor again: the station answers Duplicate, shown red, in words.
    await add();
    const refused = page.getByTestId('monitor-refused');
    await refused.getByText('Refused: a monitor of this type and severity already exists').waitFor();
    expect(await refused.getAttribute('class')).toContain('ant-alert-error');
    await screenshot(page, 'monitor-refused');
    await page.getByRole('button', { name: 'Cancel' }).click();

    station.setTemperature(47);
    await page.goto(`/portal/management/device/detail/${CP}?tab=events`);
    const events = page.getByTestId('cp-events');
    await events.getByText(`#${custom!.id} · Above a threshold 40`).first().waitFor({ timeout: 20_000 });
    await events.getByText('47', { exact: true }).first().waitFor();
    await screenshot(page, 'monitor-event');
  });
});
