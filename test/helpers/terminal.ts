import type { Page } from 'playwright-core';

/** Selects a market in the markets table by its name cell (a click anywhere on its row does the same). */
export async function clickMarket(page: Page, symbol: string): Promise<void> {
  await page.locator(`tr[data-symbol="${symbol}"] td[data-column="symbol"]`).click();
}

/** Fills a ticket row for a market at its mark price. */
export async function fillOrder(page: Page, symbol: string, quantity: string): Promise<void> {
  await clickMarket(page, symbol);
  const base = symbol.split('_')[1];
  await page.getByLabel(`Quantity (${base})`).fill(quantity);
}

/** Opens the Layout menu, does `act` in it, and closes it again. */
export async function inLayoutMenu(page: Page, act: () => Promise<void>): Promise<void> {
  await page.locator('.layout-menu__summary').click();
  await act();
  await page.locator('.layout-menu__summary').click();
}

/** Switches to the named workspace from the Layout menu. */
export const switchWorkspace = (page: Page, name: string) => inLayoutMenu(page, () => page.getByRole('radio', { name }).check());
