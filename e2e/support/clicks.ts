// Choosing in the portal's menus, selects and dialogs. On a loaded machine a click can land while
// a menu or dialog is still opening, or while a live table redraws it, and is lost: each helper
// repeats it until what it does shows, and never repeats a click that took.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Picks a remote command from a charge point's Commands menu. A click that lands while the menu
 * is still opening is lost (the menu stays open and no dialog comes), so the item is clicked
 * until the menu has closed.
 */
export async function chooseCommand(page: Page, name: string): Promise<void> {
  await page.getByTestId('cp-commands').click();
  // The item's name is its icon's label and its text: match the text whole, so "Trigger message"
  // is not also "Trigger message (security)".
  const whole = new RegExp(`(^|\\s)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const item = page.getByRole('menuitem', { name: whole });
  await item.waitFor();
  await expect
    .poll(
      async () => {
        if (await item.isVisible()) await item.click({ timeout: 2_000 }).catch(() => undefined);
        return item.isVisible();
      },
      { timeout: 15_000, interval: 1_000 },
    )
    .toBe(false);
}

/**
 * Opens a dropdown menu with `open`, picks `item` in it and waits until `opened` (the dialog the
 * item opens) shows, or `opened()` says the pick took effect. On a loaded machine a click can land while the menu is still opening, and a
 * live table can redraw the row and close the menu before the click: then the menu is opened and
 * the item picked again, until the dialog is there.
 */
export async function pickMenuItem(
  open: () => Promise<void>,
  item: Locator,
  opened: Locator | (() => Promise<boolean>),
  timeout = 20_000,
): Promise<void> {
  const done = typeof opened === 'function' ? opened : () => opened.isVisible();
  await expect
    .poll(
      async () => {
        if (await done()) return true;
        if (await item.isVisible()) await item.click({ timeout: 2_000 }).catch(() => undefined);
        else await open().catch(() => undefined);
        return done();
      },
      { timeout, interval: 1_000 },
    )
    .toBe(true);
}

/**
 * Picks `option` in the Ant Design select with this test id. A click that lands while the dropdown
 * is still opening (or closing after another select) is lost, and the select keeps its old value;
 * so the pick is repeated until the select shows the option. An option already chosen (in a select
 * of several values) is not clicked again, which would take it away.
 */
export async function pick(page: Page, testId: string, option: string): Promise<void> {
  const select = page.getByTestId(testId);
  // A single select shows its value as the content's text; a select of several values, as items.
  const shown = new RegExp(`^\\s*${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  const chosen = async () =>
    (await select
      .locator('.ant-select-content-has-value, .ant-select-selection-item', { hasText: shown })
      .count()) > 0;
  await expect
    .poll(
      async () => {
        if (await chosen()) return true;
        if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await select.click();
        await page
          .locator('.ant-select-dropdown:visible')
          .getByTitle(option, { exact: true })
          .first()
          .click({ timeout: 5_000 })
          .catch(() => undefined);
        return chosen();
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
}

/** Opens a select that searches the server, types `text` and picks `title` from what it found. */
export async function pickBySearch(page: Page, field: Locator, text: string, title: string): Promise<void> {
  await field.click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true }).click();
}

/**
 * Switches the portal to Turkish from the header's language menu. A click on the menu while it
 * opens is lost, so the pick is repeated until the page speaks Turkish.
 */
export async function switchToTurkish(page: Page): Promise<void> {
  await pickMenuItem(
    () => page.getByTestId('language-switch').click({ timeout: 2_000 }),
    page.getByRole('menuitem', { name: 'Türkçe' }),
    async () => (await page.evaluate(() => document.documentElement.lang)) === 'tr',
  );
}

/**
 * Checks a radio button or checkbox. A click that lands while its dialog is still opening (or
 * its list redraws) does not change it, and Playwright's check() then fails at once; so the box
 * is clicked again until it shows checked.
 */
export async function checkSurely(box: Locator): Promise<void> {
  const checked = () => box.isChecked({ timeout: 2_000 }).catch(() => false);
  await expect
    .poll(
      async () => {
        if (await checked()) return true;
        await box.check({ timeout: 2_000 }).catch(() => undefined);
        return checked();
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
}

/**
 * Presses `button` of the open confirmation dialog and waits for the dialog to close. A click
 * that lands while the dialog is still opening is lost, so it is pressed again, but only once
 * the dialog has had seconds to close: a press it took is never repeated.
 */
export async function confirmWith(page: Page, button: string): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm:visible');
  const press = dialog.getByRole('button', { name: button });
  await press.waitFor();
  await expect
    .poll(
      async () => {
        if ((await dialog.count()) === 0) return true;
        await press.click({ timeout: 2_000 }).catch(() => undefined);
        await dialog
          .first()
          .waitFor({ state: 'hidden', timeout: 3_000 })
          .catch(() => undefined);
        return (await dialog.count()) === 0;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
}

/** Follows `link` to an address matching `url`; a click while its dialog still opens is lost. */
export async function followLink(page: Page, link: Locator, url: RegExp): Promise<void> {
  await expect
    .poll(
      async () => {
        if (url.test(page.url())) return true;
        await link.click({ timeout: 2_000 }).catch(() => undefined);
        await page.waitForURL(url, { timeout: 3_000 }).catch(() => undefined);
        return url.test(page.url());
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
}

/** Opens a list's bulk action `name` from the bulk bar's menu, until its dialog shows. */
export async function chooseBulkAction(page: Page, name: string) {
  await pickMenuItem(
    () => page.getByTestId('bulk-actions').click({ timeout: 2_000 }),
    page.locator('.ant-dropdown:visible').getByRole('menuitem', { name, exact: true }),
    page.getByRole('dialog', { name }),
  );
}

/**
 * Presses "Apply to n" in the action's dialog until the results show: a press while the dialog is
 * still opening is lost, and one that took shows the button loading until the rows are done.
 */
export async function applyTo(page: Page, action: string, n: number) {
  const dialog = page.getByRole('dialog', { name: action });
  const apply = dialog.getByRole('button', { name: `Apply to ${n}` });
  await expect
    .poll(
      async () => {
        if (await page.getByTestId('bulk-results').isVisible()) return true;
        const busy = (await apply.getAttribute('class').catch(() => '')) ?? '';
        if (!busy.includes('ant-btn-loading')) await apply.click({ timeout: 2_000 }).catch(() => undefined);
        await page
          .getByTestId('bulk-results')
          .waitFor({ timeout: 5_000 })
          .catch(() => undefined);
        return page.getByTestId('bulk-results').isVisible();
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
}
