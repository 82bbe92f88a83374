import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  authorizeContract,
  requestEvCertificate,
  startCharger201,
  type SimCharger201,
} from '@voltline/simulator';
import {
  api,
  launchBrowser,
  newPage,
  screenshot,
  signInAs,
  switchToTurkish,
  uniqueName,
} from '../support/browser';
import { startServer, type TestServer } from '../support/server';

// Plug & Charge with no provider configured: a 2.0.1 station's EV-certificate and contract
// questions are answered "not available", and staff read each and its outcome on the charger's
// Security tab, in English and Turkish, beside the ISO 15118 certificates the station can be asked of.

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

describe('Plug & Charge on the Security tab', () => {
  it('M01 C07 a station’s Plug & Charge questions and their outcome, in words', async () => {
    const CP = uniqueName('E2E-PNC');
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const me = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
    const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
      chargePointId: CP,
      name: `${CP} Moda`,
      operatorId: me.operatorId,
      connectorCount: 1,
    });
    station = await startCharger201({
      url: creds.ocppUrl.slice(0, -(CP.length + 1)),
      id: CP,
      password: creds.password,
      connectors: 1,
    });
    await requestEvCertificate(station, 'Install');
    await authorizeContract(station, 'TR-VLT-C00000042', {
      certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
    });

    // Straight to the tab by its link: a 2.0.1 charger's fourteen tabs overflow the strip, and a
    // click on the last one half under its edge may land on the strip's scroll instead.
    await page.goto(`/portal/management/device/detail/${CP}?tab=security`);
    await page.getByText('Root certificates on the charger').waitFor();
    await page.getByTestId('certificate-list-V2GRootCertificate').getByText('Ask for V2G roots').waitFor();
    const events = page.getByTestId('charger-security-events');
    const asked = events.locator('tbody tr', {
      hasText: 'Plug & Charge: EV contract certificate install asked',
    });
    await asked.getByText('no Plug & Charge provider configured', { exact: false }).waitFor();
    await asked.getByText('Failed', { exact: false }).waitFor();
    const contract = events.locator('tbody tr', {
      hasText: 'Plug & Charge: authorization by contract certificate',
    });
    await contract.getByText('NoCertificateAvailable · TR-VLT-C00000042', { exact: false }).waitFor();
    await screenshot(page, 'plug-and-charge-security-tab');

    // Back at the top of the page (the screenshot scrolled it), switch to Turkish.
    await page.evaluate(() => window.scrollTo(0, 0));
    await switchToTurkish(page);
    await events
      .locator('tbody tr', { hasText: 'Tak ve Şarj Et: araç sözleşme sertifikası kurulumu istendi' })
      .waitFor();
    await events.getByText('Tak ve Şarj Et: sözleşme sertifikasıyla yetkilendirme').waitFor();
    await page.getByText('V2G köklerini sor').waitFor();
  });
});
