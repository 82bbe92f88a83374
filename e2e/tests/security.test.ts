import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startCharger, type SimCharger } from '@voltline/simulator';
import { api, launchBrowser, newPage, screenshot, signInAs, uniqueName } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let charger: SimCharger | undefined;

// A self-issued root made with openssl for this test (EC P-256; its key thrown away).
const ROOT = `-----BEGIN CERTIFICATE-----
MIIBqzCCAVGgAwIBAgIEAMD/7jAKBggqhkjOPQQDAjAzMR4wHAYDVQQDDBVWb2x0
bGluZSBUZXN0IFJvb3QgQ0ExETAPBgNVBAoMCFZvbHRsaW5lMB4XDTI2MTEyNjAz
MjQzMloXDTQ2MTEyMTAzMjQzMlowMzEeMBwGA1UEAwwVVm9sdGxpbmUgVGVzdCBS
b290IENBMREwDwYDVQQKDAhWb2x0bGluZTBZMBMGByqGSM49AgEGCCqGSM49AwEH
A0IABEJ9G0nLyVlw0+/ao9qWBjXUVeFE7/Li15SPykYBVjrEAza2m0KvJacvCViB
+0JaNUWd/K1g9mxB4td0r0UG+wmjUzBRMB0GA1UdDgQWBBTkVDejovnDsJfeRK6t
wtKjqK2nFjAfBgNVHSMEGDAWgBTkVDejovnDsJfeRK6twtKjqK2nFjAPBgNVHRMB
Af8EBTADAQH/MAoGCCqGSM49BAMCA0gAMEUCICzJNtc4m/YoY9QIJVGsLeDzKMoe
eeThKsFDxk/htfI2AiEA+gy8AhCJ4JfD5xsX+GdcZiglsD/MifroEjdE2qt3zp8=
-----END CERTIFICATE-----`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await charger?.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('security', () => {
  it('installs, lists and deletes a root certificate from the Security tab, and reads a security event there and network-wide', async () => {
    const CP = uniqueName('E2E-SEC');
    const { page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    const me = await api<{ operatorId: number }>(page, 'GET', 'portal/Auth/me');
    const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
      chargePointId: CP,
      name: `${CP} Moda`,
      operatorId: me.operatorId,
      connectorCount: 1,
    });
    charger = await startCharger({
      url: creds.ocppUrl.slice(0, -(CP.length + 1)),
      id: CP,
      password: creds.password,
    });

    await page.goto(`/portal/management/device/detail/${CP}?tab=security`);
    await page.getByText('Root certificates on the charger').waitFor();

    // Its own certificate: asked for, the charger sends a CSR, and Voltline's CA signs it.
    const profile = page.getByTestId('security-profile-card');
    await profile.getByText('1: Basic auth').waitFor();
    await profile.getByRole('button', { name: 'Ask for a certificate' }).click();
    await profile
      .locator('tbody tr', { hasText: `CN=${CP}` })
      .getByText('Accepted')
      .waitFor();
    const table = page.getByTestId('certificates-table');
    await table.getByText('No root certificates known', { exact: false }).waitFor();

    // Install: the certificate is read and named before it is sent.
    await page.getByTestId('certificate-install').click();
    const dialog = page.getByRole('dialog', { name: 'Install certificate' });
    await page.getByTestId('certificate-pem').fill('not a certificate');
    await dialog.getByText('Certificate type').click(); // leaves the text: Voltline checks it
    await dialog.getByText('This is not a readable X.509 certificate', { exact: false }).waitFor();
    await page.getByTestId('certificate-pem').fill(ROOT);
    await dialog.getByText('Certificate type').click();
    const hashData = page.getByTestId('certificate-hash-data');
    await hashData.getByText('c0ffee', { exact: true }).waitFor();
    await hashData.getByText('CN=Voltline Test Root CA, O=Voltline').waitFor();
    await screenshot(page, 'security-install');
    await page.getByTestId('certificate-install-send').click();
    await page.getByTestId('certificate-last-answer').getByText('Accepted').waitFor();
    await table.locator('tbody tr', { hasText: 'CN=Voltline Test Root CA' }).waitFor();
    expect(charger.certificates.list('CentralSystemRootCertificate')).toHaveLength(1);

    // The charger's own report agrees.
    await page.getByTestId('certificate-list-CentralSystemRootCertificate').click();
    await page
      .getByTestId('certificate-last-answer')
      .getByText('GetInstalledCertificateIds', { exact: false })
      .waitFor();
    await page.getByTestId('certificate-last-answer').getByText('Accepted').waitFor();
    await table.locator('tbody tr', { hasText: 'c0ffee' }).waitFor();

    // Delete it.
    await table.locator('tbody tr', { hasText: 'c0ffee' }).getByTestId('certificate-delete').click();
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await page
      .getByTestId('certificate-last-answer')
      .getByText('DeleteCertificate', { exact: false })
      .waitFor();
    await table.getByText('No root certificates known', { exact: false }).waitFor();
    expect(charger.certificates.list('CentralSystemRootCertificate')).toEqual([]);

    // A security event from the charger, on the tab and on Logs › Security events.
    charger.securityEvent('TamperDetectionActivated', 'Front cover opened');
    const events = page.getByTestId('charger-security-events');
    const row = events.locator('tbody tr', { hasText: 'Tampering detected' });
    await row.waitFor({ timeout: 15_000 });
    await row.getByText('Front cover opened').waitFor();
    await row.getByTestId('security-critical').waitFor();
    await screenshot(page, 'security-tab');

    await page.goto('/portal/logs/security');
    await page.getByRole('heading', { name: 'Security events' }).waitFor();
    const network = page.getByTestId('security-events-table');
    const networkRow = network.locator('tbody tr', { hasText: CP });
    await networkRow.getByText('Tampering detected').waitFor();
    expect(await networkRow.getAttribute('class')).toContain('vl-security-critical');
    await page.getByTestId('security-filter-critical').click();
    await page.waitForURL(/criticalOnly=true/);
    await networkRow.getByText('Critical').waitFor();
    await screenshot(page, 'security-events');
  });
});
