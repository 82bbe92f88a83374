import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { isValidVkn } from '@voltline/contract';
import { confirmWith, launchBrowser, newPage, screenshot, signInAs, uniqueName } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A VKN whose check digit is right, found from a fixed stem. */
function validVkn(stem = '987654321'): string {
  for (let d = 0; d < 10; d++) if (isValidVkn(`${stem}${d}`)) return `${stem}${d}`;
  throw new Error(`no valid VKN for ${stem}`);
}

const tree = (page: Page) => page.getByTestId('operator-tree');
const treeRow = (page: Page, name: string) => tree(page).locator('tr.ant-table-row', { hasText: name });

async function pickTreeOption(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

describe('operator management', () => {
  it('creates an operator with its merchant, edits it, archives and restores it', async () => {
    // Names of this attempt's own: a retry finds its first attempt's operator in the tree.
    const izmir = uniqueName('Voltline İzmir');
    const ege = uniqueName('Voltline Ege');
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/operator');
    await treeRow(page, 'Voltline İstanbul').waitFor();
    await screenshot(page, 'operators-tree');

    await page.getByRole('button', { name: 'Add operator' }).click();
    await page.getByRole('heading', { name: 'Add operator' }).waitFor();
    await page.getByLabel('Company name').fill(izmir);
    await pickTreeOption(page, 'operator-form-parent', 'Voltline İstanbul');
    await page.getByLabel('E-mail', { exact: true }).fill('izmir@voltline.local');
    await page.getByLabel('Support e-mail').fill('destek.izmir@voltline.local');
    await page.getByLabel('Phone', { exact: true }).fill('+90 232 555 03 03');
    await page.getByLabel('Heartbeat interval').fill('5');
    await page.getByLabel('Prepaid charging').click();
    await page.getByLabel('Minimum balance to start charging').fill('25.50');

    // Client-side checks mirror the server's: a wrong tax number and IBAN are caught before sending.
    await page.getByLabel('Legal name').fill('Voltline İzmir Enerji A.Ş.');
    await page.getByLabel('Tax number').fill('9876543210');
    await page.getByLabel('IBAN').fill('TR330006100519786457841327');
    await page.getByRole('button', { name: 'Create operator' }).click();
    await page.getByText('Heartbeat interval must be between 10 and 86,400').waitFor();
    await page.getByText('Enter a valid tax number').waitFor();
    await page.getByText('The IBAN is not valid').waitFor();
    await screenshot(page, 'operator-add-invalid');

    await page.getByLabel('Heartbeat interval').fill('120');
    await page.getByLabel('Tax number').fill(validVkn());
    await page.getByLabel('IBAN').fill('tr330006100519786457841326');
    expect(await page.getByLabel('IBAN').inputValue()).toBe('TR33 0006 1005 1978 6457 8413 26');
    await page.getByLabel('Tax office').fill('Karşıyaka');
    await page.getByLabel('Address line 1').fill('Atatürk Cad. No: 12');
    await page.getByLabel('City').fill('İzmir');
    await page.getByLabel('Contact person').fill('Deniz Kara');
    await page.getByLabel('Contact e-mail').fill('deniz.kara@example.com');
    await page.getByRole('button', { name: 'Create operator' }).click();

    await page.waitForURL(/\/portal\/management\/operator\/detail\/\d+$/);
    await page.getByRole('heading', { name: izmir }).waitFor();
    const details = page.getByTestId('operator-details');
    await expect.poll(() => details.innerText()).toContain('Voltline İstanbul');
    await expect.poll(() => details.innerText()).toContain('120 s');
    await expect.poll(() => details.innerText()).toMatch(/₺25\.50/);
    const merchant = page.getByTestId('merchant-details');
    await expect.poll(() => merchant.innerText()).toContain('TR33 0006 1005 1978 6457 8413 26');
    await expect.poll(() => merchant.innerText()).toContain(validVkn());
    await screenshot(page, 'operator-detail');

    // In the tree, below its parent.
    await page.getByRole('button', { name: 'Go back' }).click();
    await treeRow(page, izmir).waitFor();
    const parentLevel = await treeRow(page, 'Voltline İstanbul').getAttribute('class');
    const childLevel = await treeRow(page, izmir).getAttribute('class');
    expect(parentLevel).toContain('ant-table-row-level-1');
    expect(childLevel).toContain('ant-table-row-level-2');

    // Edit: rename and change the heartbeat.
    await treeRow(page, izmir).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: `Edit ${izmir}` }).waitFor();
    await page.getByLabel('Company name').fill(ege);
    await page.getByLabel('Heartbeat interval').fill('600');
    await screenshot(page, 'operator-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/operator\/detail\/\d+$/);
    await page.getByRole('heading', { name: ege }).waitFor();
    await expect.poll(() => details.innerText()).toContain('600 s');

    // Archive it: it leaves the tree and shows in the archived list; then restore it.
    await page.getByRole('button', { name: 'Archive' }).click();
    await page.locator('.ant-modal-confirm-title').getByText('Archive this operator?').waitFor();
    await confirmWith(page, 'Archive');
    await page.getByText('Operator archived.').waitFor();
    await page.getByRole('button', { name: 'Restore' }).waitFor();
    await page.goto('/portal/management/operator');
    await treeRow(page, 'Voltline İstanbul').waitFor();
    expect(await treeRow(page, ege).count()).toBe(0);
    await page.getByRole('tab', { name: 'Archived' }).click();
    const archivedRow = page.getByTestId('operator-archived').locator('tr.ant-table-row', { hasText: ege });
    await archivedRow.waitFor();
    await screenshot(page, 'operators-archived');
    await archivedRow.getByRole('button', { name: 'Restore' }).click();
    await confirmWith(page, 'Restore');
    await page.getByText('Operator restored.').waitFor();
    await expect.poll(() => archivedRow.count()).toBe(0);
    await page.getByRole('tab', { name: 'Operator tree' }).click();
    await treeRow(page, ege).waitFor();
    await context.close();
  });

  it('does not offer to archive an operator with active sub-operators, and says why', async () => {
    // A name of this attempt's own: a retry finds its first attempt's sub-operator in the tree.
    const cankaya = uniqueName('Voltline Çankaya');
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local');
    // A sub-operator below Ankara, made through the API, keeps Ankara from being archived.
    const auth = {
      Authorization: `Bearer ${(await page.evaluate(() => localStorage.getItem('auth_token'))) ?? ''}`,
    };
    const lookup = await page.request.get('/api/portal/operator/lookup', { headers: auth });
    const ops = ((await lookup.json()) as { data: { id: number; name: string }[] }).data;
    const ankara = ops.find((o) => o.name === 'Voltline Ankara');
    const created = await page.request.post('/api/portal/operator/AddOperatorWithMerchantAsync', {
      headers: auth,
      data: {
        name: cankaya,
        parentId: ankara?.id,
        merchant: {
          legalName: 'Çankaya Şarj Ltd. Şti.',
          taxId: validVkn(),
          iban: 'TR330006100519786457841326',
          addressLine1: 'Tunalı Hilmi Cad. 5',
          city: 'Ankara',
          country: 'TR',
          contactName: 'Ece Tan',
          contactEmail: 'ece.tan@example.com',
        },
      },
    });
    expect(created.status()).toBe(200);

    await page.goto('/portal/management/operator');
    await treeRow(page, cankaya).waitFor();
    // The server would refuse: the tree does not offer it, and says why.
    const archive = treeRow(page, 'Voltline Ankara').getByRole('button', { name: 'Archive' });
    await expect.poll(() => archive.isDisabled()).toBe(true);
    await archive.hover();
    await page.locator('.ant-tooltip:visible').getByText('Archive its sub-operators first.').waitFor();
    await screenshot(page, 'operators-archive-refused');
    await context.close();
  });

  it('shows the operator screens in Turkish', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'main@voltline.local', '/portal/management/operator');
    await treeRow(page, 'Voltline Ankara').waitFor();
    await page.evaluate(() => localStorage.setItem('FELOCALE', 'tr'));
    await page.reload();
    await page.getByRole('heading', { name: 'Operatörler' }).waitFor();
    await page.getByRole('button', { name: /Operatör ekle$/ }).click();
    await page.getByRole('button', { name: 'Operatör oluştur' }).click();
    await page.getByText('Üye işyeri', { exact: true }).waitFor();
    await screenshot(page, 'operator-add-tr');
    await context.close();
  });

  it('offers a Finance user the operators without changing them', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'finance@voltline.local', '/portal/management/operator');
    await treeRow(page, 'Voltline Ankara').waitFor();
    expect(await page.getByRole('button', { name: 'Add operator' }).count()).toBe(0);
    expect(await tree(page).getByRole('button', { name: 'Archive' }).count()).toBe(0);
    expect(await tree(page).getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await page.goto('/portal/management/operator/add');
    await page.getByText('No access').waitFor();
    await context.close();
  });
});
