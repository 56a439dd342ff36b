import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { terminalForFile } from '../helpers/browserTest';
import { clickMarket } from '../helpers/terminal';

let page: Page;

const file = terminalForFile({ TERMINAL_TOKEN: 'keyboard-token-0123456789abcdef' });
beforeAll(() => {
  page = file.page;
});

/** Takes the focus out of any field, so that a key press is a shortcut and not typing. */
async function leaveFields(): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const side = (name: 'Buy / Long' | 'Sell / Short') => page.getByRole('radio', { name }).isChecked();

describe('the keyboard, in Chromium', () => {
  it('lists every shortcut as keys on ?, grouped, and Escape closes the sheet', async () => {
    await leaveFields();
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    for (const group of ['Terminal', 'Markets', 'Ticket', 'Panels', 'Workspaces']) {
      await sheet.getByRole('heading', { name: group }).waitFor();
    }
    const palette = sheet.locator('.shortcuts__row', { hasText: 'Command palette' });
    expect(await palette.locator('kbd kbd').allInnerTexts()).toEqual(['Ctrl', 'K']);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
  });

  it('points the ticket at a market typed in the palette (Ctrl+K, a base, Enter)', async () => {
    await clickMarket(page, 'PERP_BTC_USDC');
    expect(await page.getByLabel('Symbol', { exact: true }).inputValue()).toBe('PERP_BTC_USDC');
    await page.keyboard.press('Control+K');
    const search = page.getByRole('combobox', { name: 'Search markets and commands' });
    await search.waitFor();
    // Typed, as a trader does: the search has the focus the moment the palette opens.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await page.keyboard.type('eth');
    await page.getByRole('option', { name: /ETH · PERP_ETH_USDC/ }).waitFor();
    await page.keyboard.press('Enter');
    await search.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Symbol', { exact: true }).inputValue()).toBe('PERP_ETH_USDC');
  });

  it('leaves letters typed in a field alone: B in the quantity is not "buy side"', async () => {
    await leaveFields();
    await page.keyboard.press('s');
    expect(await side('Sell / Short')).toBe(true);
    await page.getByLabel('Quantity (ETH)').focus();
    await page.keyboard.press('b');
    expect(await side('Sell / Short')).toBe(true);
    await leaveFields();
    await page.keyboard.press('b');
    expect(await side('Buy / Long')).toBe(true);
  });

  it('refuses a key another shortcut has, and keeps a rebound key after a reload', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('button', { name: 'Change Buy side' }).click();
    await page.keyboard.press('s');
    await settings.getByText('S is already "Sell side" (Ticket); change that one first.').waitFor();
    await settings.getByRole('button', { name: 'Change Buy side' }).click();
    await page.keyboard.press('u');
    await settings.getByText('Buy side is now U.').waitFor();
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });

    await page.reload();
    await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
    await page.getByRole('radio', { name: 'Buy / Long' }).waitFor();
    await leaveFields();
    await page.keyboard.press('s');
    expect(await side('Sell / Short')).toBe(true);
    await page.keyboard.press('b');
    expect(await side('Sell / Short')).toBe(true);
    await page.keyboard.press('u');
    expect(await side('Buy / Long')).toBe(true);
  });

  it('asks before sending a small order priced far from mark, though small tickets skip the question', async () => {
    await clickMarket(page, 'PERP_BTC_USDC');
    const mark = Number(await page.getByLabel('Price (USDC)').inputValue());
    await page.getByLabel('Quantity (BTC)').fill('0.001');
    // 1% under mark: a small ticket near the market goes without a question.
    await page.getByLabel('Price (USDC)').fill((Math.round(mark * 0.99 * 10) / 10).toFixed(1));
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByRole('region', { name: 'Ticket result' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Send 1 order?' }).count()).toBe(0);

    await clickMarket(page, 'PERP_BTC_USDC');
    await page.getByLabel('Quantity (BTC)').fill('0.001');
    // 7% under mark: past the 5% guard, so it asks.
    await page.getByLabel('Price (USDC)').fill((Math.round(mark * 0.93 * 10) / 10).toFixed(1));
    await page.getByLabel('Price (USDC)').press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send 1 order?' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});
