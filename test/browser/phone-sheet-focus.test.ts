import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/app';
import { launchChromium, panelsSettled } from '../helpers/browser';

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  app = await startApp({ env: { TERMINAL_TOKEN: 'phone-sheet-focus-token-0123456789' } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The phone, BTC picked in the list: its trade bar and the tab bar are up. */
async function phone(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(app.loginUrl);
  await page.getByText('Trading enabled').waitFor();
  await page.locator('tr[data-symbol="PERP_BTC_USDC"] td[data-column="symbol"]').tap();
  await panelsSettled(page);
  return page;
}

const sheetOf = (page: Page) => page.getByRole('dialog', { name: 'Ticket sheet' });

/** Opens the sheet from the keyboard, as a trader without a pointer would: the opener focused, Enter. */
async function openFrom(page: Page, opener: Locator): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  await sheetOf(page).getByRole('region', { name: 'Order ticket' }).waitFor();
}

interface Stop {
  name: string;
  /** Inside the sheet, or in the toasts (drawn over it by design). */
  inside: boolean;
  /** What the screen shows at the control's centre, when not the control itself. */
  covered: string;
}

/** Where the focus is: what it is, whether it is in the sheet, and whether it can be seen there. */
const stopAt = (page: Page) =>
  page.evaluate((): Stop | null => {
    const element = document.activeElement as HTMLElement | null;
    // The focus out of the page (the browser's own controls, past the last control): nothing under the sheet.
    if (!element || element === document.body) return null;
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint((rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2);
    const label = element.getAttribute('aria-label') ?? (element as Partial<HTMLInputElement>).labels?.[0]?.textContent ?? element.textContent ?? '';
    return {
      name: `${element.tagName.toLowerCase()}.${element.className} "${label.trim().replace(/\s+/g, ' ').slice(0, 40)}"`,
      inside: element.closest('.phone__sheet, .toaster') !== null,
      covered: hit && element.contains(hit) ? '' : hit ? `${hit.tagName.toLowerCase()}.${hit.className}` : 'off the screen',
    };
  });

/** Presses the key this many times and lists every place the focus went that is not in the sheet or not in sight. */
async function walk(page: Page, key: 'Tab' | 'Shift+Tab', presses: number): Promise<{ stops: number; astray: string[] }> {
  let stops = 0;
  const astray: string[] = [];
  for (let press = 0; press < presses; press += 1) {
    await page.keyboard.press(key);
    const stop = await stopAt(page);
    if (!stop) continue;
    stops += 1;
    if (!stop.inside) astray.push(`${key} #${press + 1}: ${stop.name}, outside the sheet`);
    else if (stop.covered) astray.push(`${key} #${press + 1}: ${stop.name}, under ${stop.covered}`);
  }
  return { stops, astray };
}

describe('the phone ticket sheet at 390×844 keeps the focus in it (a modal: it covers the whole screen)', () => {
  it('opened from the Trade tab: the focus goes in; Tab and Shift+Tab never leave it, nor reach what it covers; Escape goes back to the tab', async () => {
    const page = await phone();
    try {
      const tradeTab = page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Trade' });
      await openFrom(page, tradeTab);
      const opened = await stopAt(page);
      expect(opened?.inside, `focus on opening: ${opened?.name ?? 'none'}`).toBe(true);
      // From the Close button backwards first: where the review saw the tab bar take the focus.
      await sheetOf(page).getByRole('button', { name: 'Close' }).focus();
      const back = await walk(page, 'Shift+Tab', 40);
      const forth = await walk(page, 'Tab', 120);
      expect([...back.astray, ...forth.astray]).toEqual([]);
      // The walks went through the sheet, not nowhere.
      expect(back.stops).toBeGreaterThan(20);
      expect(forth.stops).toBeGreaterThan(60);
      await page.keyboard.press('Escape');
      await sheetOf(page).waitFor({ state: 'detached' });
      expect(await tradeTab.evaluate((tab) => tab === document.activeElement)).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  it("opened from the trade bar's Buy: Close goes back to that Buy, Escape in a field too", async () => {
    const page = await phone();
    try {
      const buy = page.getByRole('group', { name: 'Trade PERP_BTC_USDC' }).getByRole('button', { name: 'Buy' });
      await openFrom(page, buy);
      await sheetOf(page).getByRole('button', { name: 'Close' }).press('Enter');
      await sheetOf(page).waitFor({ state: 'detached' });
      expect(await buy.evaluate((button) => button === document.activeElement)).toBe(true);

      await openFrom(page, buy);
      const { astray } = await walk(page, 'Shift+Tab', 30);
      expect(astray).toEqual([]);
      await sheetOf(page).getByLabel('Quantity (BTC)').focus();
      await page.keyboard.press('Escape');
      await sheetOf(page).waitFor({ state: 'detached' });
      expect(await buy.evaluate((button) => button === document.activeElement)).toBe(true);
    } finally {
      await page.context().close();
    }
  });
});
