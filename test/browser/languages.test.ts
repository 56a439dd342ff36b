import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/app';
import { launchChromium } from '../helpers/browser';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp({ env: { TERMINAL_TOKEN: 'languages-token-0123456789abcdef' } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The terminal in a browser whose language is `locale`, with every page error kept. */
async function openIn(locale: string, width = 1440, height = 900): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale, viewport: { width, height }, hasTouch: width < 768 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(app.loginUrl);
  await page.locator('tr[data-symbol="PERP_BTC_USDC"]').first().waitFor();
  return { page, errors };
}

const root = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** Pairs of panels whose boxes overlap by more than a pixel. */
const overlapping = (page: Page) =>
  page.evaluate(() => {
    const boxes = [...document.querySelectorAll<HTMLElement>('.panel-host')]
      .filter((host) => host.isConnected && host.getClientRects().length > 0)
      .map((host) => ({ id: host.dataset.panel ?? '', box: host.getBoundingClientRect() }));
    const pairs: string[] = [];
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (x > 1 && y > 1) pairs.push(`${a.id}/${b.id}`);
      }
    }
    return pairs;
  });

describe('languages, in Chromium', () => {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`Arabic at ${width}×${height}: right to left, no sideways scroll, no panel over another, no page error`, async () => {
      const { page, errors } = await openIn('ar', width, height);
      try {
        await expect.poll(() => root(page)).toEqual({ lang: 'ar', dir: 'rtl' });
        await page.waitForFunction(() => document.querySelectorAll('.dock--first, [aria-busy="true"]').length === 0);
        const scroll = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
        expect(scroll.scroll).toBeLessThanOrEqual(scroll.inner);
        expect(await overlapping(page)).toEqual([]);
        // A figure still reads left to right.
        const mark = page.locator('tr[data-symbol="PERP_BTC_USDC"] td[data-column="mark_price"]');
        expect(await mark.evaluate((cell) => getComputedStyle(cell).direction)).toBe('ltr');
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }

  it('follows the browser on first open, and the palette switches the language without a reload', async () => {
    const { page, errors } = await openIn('de-DE');
    try {
      await expect.poll(() => root(page)).toEqual({ lang: 'de', dir: 'ltr' });
      // Figures as German writes them: a point groups thousands, a comma marks decimals.
      const mark = page.locator('tr[data-symbol="PERP_BTC_USDC"] td[data-column="mark_price"]');
      await expect.poll(() => mark.innerText()).toMatch(/^\d{1,3}(\.\d{3})*,\d$/);
      const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
      await page.keyboard.press('Control+K');
      await page.getByRole('combobox', { name: 'Search markets and commands' }).fill('arabic');
      await page.getByRole('option', { name: 'Language: العربية' }).waitFor();
      await page.keyboard.press('Enter');
      await expect.poll(() => root(page)).toEqual({ lang: 'ar', dir: 'rtl' });
      await page.keyboard.press('Control+K');
      await page.getByRole('combobox', { name: 'Search markets and commands' }).fill('english');
      await page.getByRole('option', { name: 'Language: English' }).waitFor();
      await page.keyboard.press('Enter');
      await expect.poll(() => root(page)).toEqual({ lang: 'en', dir: 'ltr' });
      await expect.poll(() => mark.innerText()).toMatch(/^\d{1,3}(,\d{3})*\.\d$/);
      expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
      // The choice is the trader's now: it outlives a reload.
      await page.reload();
      await page.locator('tr[data-symbol="PERP_BTC_USDC"]').first().waitFor();
      await expect.poll(() => root(page)).toEqual({ lang: 'en', dir: 'ltr' });
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
