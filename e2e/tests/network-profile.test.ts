import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startCharger201, type SimCharger201 } from '@voltline/simulator';
import { api, launchBrowser, newPage, screenshot, signInAs, uniqueName } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

// OCPP 2.0.1 B09 and B10 as staff do them on the Security tab: a network connection profile in a
// slot, the slot in use refused in words, then the priority and a restart, after which the station
// connects through the new slot.

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

describe('network connection profiles', () => {
  it('B09 sets a slot’s profile, B10 prioritises it and the station reconnects through it', async () => {
    const CP = uniqueName('E2E-NET');
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const me = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
    const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
      chargePointId: CP,
      name: `${CP} Kadıköy`,
      operatorId: me.operatorId,
      connectorCount: 1,
    });
    station = await startCharger201({
      url: creds.ocppUrl.slice(0, -(CP.length + 1)),
      id: CP,
      password: creds.password,
      rebootDelay: 0.5,
    });

    await page.goto(`/portal/management/device/detail/${CP}?tab=security`);
    const card = page.getByTestId('network-profile-card');
    await card.getByText('Network connection profiles').waitFor();
    // Voltline's own address is offered.
    expect(await page.getByTestId('network-url').inputValue()).toBe(creds.ocppUrl.slice(0, -(CP.length + 1)));

    // Slot 1 is the connection in use: refused, in words.
    await page.getByTestId('network-slot').fill('1');
    await page.getByTestId('network-profile-send').click();
    const slotAnswer = page.getByTestId('network-profile-answer');
    await slotAnswer.getByText('The charger answered Rejected to the network connection profile.').waitFor();
    expect(await slotAnswer.getAttribute('class')).toContain('ant-alert-error');

    await page.getByTestId('network-slot').fill('2');
    await page.getByTestId('network-profile-send').click();
    await slotAnswer.getByText('The charger answered Accepted to the network connection profile.').waitFor();
    expect(station.networkProfiles.get(2)?.securityProfile).toBe(1);

    // The second step: the priority, confirmed, then the restart.
    await page.getByTestId('network-priority').fill('2;1');
    await card.getByText('Slots separated by commas, each once, from 0 to 99').waitFor();
    await page.getByTestId('network-priority').fill('2, 1');
    await screenshot(page, 'network-profile');
    await page.getByTestId('network-priority-send').click();
    await page.getByRole('button', { name: 'Set priority and restart' }).last().click();
    await page
      .getByTestId('network-priority-answer')
      .getByText('The charger answered Accepted to the priority and Accepted to the restart.')
      .waitFor();
    await expect.poll(() => station?.activeSlot, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => station?.isOnline, { timeout: 15_000 }).toBe(true);
  });
});
