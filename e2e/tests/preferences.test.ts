import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signInAs, switchToTurkish } from '../support/browser';
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

describe('language and theme settings', () => {
  it('switches to Turkish: menu, screens and validation texts, kept after a reload', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/user');
    await page.getByTestId('user-table').waitFor();
    await switchToTurkish(page);

    await page.getByRole('menuitem', { name: 'Kullanıcılar' }).waitFor();
    await page.getByRole('heading', { name: 'Kullanıcılar' }).waitFor();
    // Ant Design's own texts follow too (table pagination and empty texts come from its locale).
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('tr');
    expect(await page.evaluate(() => localStorage.getItem('FELOCALE'))).toBe('tr');
    expect(await page.evaluate(() => localStorage.getItem('BELOCALE'))).toBe('tr');
    await screenshot(page, 'users-list-tr');

    await page.getByRole('button', { name: 'Kullanıcı ekle' }).click();
    await page.getByRole('heading', { name: 'Kullanıcı ekle' }).waitFor();
    await page.getByRole('button', { name: 'Kullanıcı oluştur' }).click();
    await page.getByText('Lütfen Ad alanını doldurun').waitFor();
    await page.getByText('Lütfen E-posta alanını doldurun').waitFor();
    await page.getByLabel('E-posta').fill('yanlis-adres');
    await page.getByText('E-posta geçerli bir e-posta adresi değil').waitFor();
    await page.getByLabel('Şifre').fill('kisa');
    await page.getByText('Şifre en az 8 karakter olmalı').waitFor();
    await screenshot(page, 'user-add-validation-tr');

    await page.reload();
    await page.getByRole('heading', { name: 'Kullanıcı ekle' }).waitFor();
    await page.getByRole('menuitem', { name: 'Kullanıcılar' }).waitFor();

    // The server answers in Turkish too, because the API is told BELOCALE.
    const answer = await page.evaluate(async () => {
      const res = await fetch('/api/portal/user/999999', {
        headers: {
          Authorization: `Bearer ${localStorage.getItem('auth_token') ?? ''}`,
          'Accept-Language': localStorage.getItem('BELOCALE') ?? '',
        },
      });
      return (await res.json()) as { error: string };
    });
    await page.goto('/portal/management/user/detail/999999');
    await page.locator('.ant-notification-notice-error').getByText(answer.error).waitFor();
    await page.locator('.ant-result-title').getByText('Kullanıcı bulunamadı').waitFor();
    await context.close();
  });

  it('applies right-to-left and top navigation at once and keeps them after a reload', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'main@voltline.local', '/portal/management/device');
    await page.getByTestId('side-nav').waitFor();

    await page.getByTestId('open-settings').click();
    const drawer = page.getByTestId('settings-drawer');
    await drawer.getByText('Right to left').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.locator('.ant-layout-rtl').count()).toBeGreaterThan(0);
    await screenshot(page, 'settings-rtl');

    await drawer.getByText('Top', { exact: true }).click();
    await page.getByTestId('side-nav').waitFor({ state: 'detached' });
    await page.getByTestId('app-header').locator('.ant-menu-horizontal').waitFor();
    const headerColor = await page
      .getByTestId('app-header')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(headerColor).toBe('rgb(62, 130, 247)');
    await page.keyboard.press('Escape');
    await screenshot(page, 'top-nav-rtl');

    await page.reload();
    await page.getByTestId('app-header').locator('.ant-menu-horizontal').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('side-nav').count()).toBe(0);

    await page.getByTestId('open-settings').click();
    await page.getByTestId('settings-drawer').getByRole('button', { name: 'Restore defaults' }).click();
    await page.getByTestId('side-nav').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await context.close();
  });

  it('collapses the side navigation to 80 px and back to 250 px', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@voltline.local', '/portal/management/device');
    const width = () => page.getByTestId('side-nav').evaluate((el) => el.getBoundingClientRect().width);
    expect(await width()).toBe(250);
    await page.getByRole('button', { name: 'Collapse navigation' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="side-nav"]')?.getBoundingClientRect().width === 80,
    );
    await page.reload();
    await page.getByTestId('side-nav').waitFor();
    expect(await width()).toBe(80);
    await context.close();
  });
});
